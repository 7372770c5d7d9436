/**
 * The demo's offline "LLM": a chat model that decides from the conversation alone, so every run on
 * any thread takes the same path without a model key or network. A tool result is answered in text
 * quoting it, which lets tests see what the tool actually did.
 */
import { BaseChatModel } from "@langchain/core/language_models/chat_models";
import { AIMessage, type BaseMessage } from "@langchain/core/messages";
import type { ChatResult } from "@langchain/core/outputs";

function text(message: BaseMessage): string {
  return typeof message.content === "string" ? message.content : JSON.stringify(message.content);
}

/** The word after "to " (e.g. "send an email to bob"), as an address. */
function recipient(request: string): string {
  const name = /\bto\s+([\w.@-]+)/i.exec(request)?.[1] ?? "bob";
  return name.includes("@") ? name : `${name.toLowerCase()}@example.com`;
}

function city(request: string): string {
  return /\bin\s+([A-Z][\w-]*)/.exec(request)?.[1] ?? "Paris";
}

/** What the scripted model says next, given the whole conversation. */
export function scriptedReply(messages: BaseMessage[]): AIMessage {
  const last = messages.at(-1);
  // Tool call ids derive from the conversation length: stable across repeated runs.
  const id = `call_${messages.length}`;
  if (!last) return new AIMessage("Ask me about the weather, or to send an email.");
  if (last.getType() === "tool") return new AIMessage(`Done. The tool said: ${text(last)}`);
  const request = text(last);
  if (/email/i.test(request)) {
    const args = { to: recipient(request), subject: "Hello from Loupe", body: "This email was drafted by the LangGraph demo agent." };
    return new AIMessage({ content: "", tool_calls: [{ id, name: "send_email", args, type: "tool_call" }] });
  }
  if (/weather/i.test(request)) {
    return new AIMessage({ content: "", tool_calls: [{ id, name: "get_weather", args: { city: city(request) }, type: "tool_call" }] });
  }
  return new AIMessage("I can check the weather or send an email.");
}

export class ScriptedChatModel extends BaseChatModel {
  _llmType(): string {
    return "loupe-scripted";
  }

  async _generate(messages: BaseMessage[]): Promise<ChatResult> {
    const message = scriptedReply(messages);
    return { generations: [{ message, text: text(message) }] };
  }
}
