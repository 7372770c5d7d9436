import type { A2aProtocolVersion, A2aTaskState } from "@/lib/contracts/a2a";

/** An A2A frame as Loupe reads it, whichever wire version it came in (frames.ts reads them, message.ts asks them). */

export type A2aPart =
  | { kind: "text"; text: string }
  | { kind: "file"; name?: string; mimeType?: string; bytes?: string; uri?: string }
  | { kind: "data"; data: unknown; metadata?: Record<string, unknown> };

export interface A2aMessage {
  messageId?: string;
  role: "user" | "agent" | "unknown";
  taskId?: string;
  contextId?: string;
  parts: A2aPart[];
}

export interface A2aArtifact {
  artifactId: string;
  name?: string;
  description?: string;
  parts: A2aPart[];
}

export type A2aItem =
  | {
      type: "task";
      taskId: string;
      contextId: string;
      state: A2aTaskState;
      message?: A2aMessage;
      timestamp?: string;
      artifacts: A2aArtifact[];
      history: A2aMessage[];
    }
  | { type: "status"; taskId: string; contextId: string; state: A2aTaskState; message?: A2aMessage; timestamp?: string; final?: boolean }
  | { type: "artifact"; taskId: string; contextId: string; artifact: A2aArtifact; append: boolean; lastChunk: boolean }
  | { type: "message"; message: A2aMessage }
  | { type: "push-config"; taskId?: string; url?: string }
  | { type: "error"; code: number | string; message: string; data?: unknown };

export type A2aFrameResult = { ok: true; item: A2aItem; version: A2aProtocolVersion } | { ok: false; error: string };
