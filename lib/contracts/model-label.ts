/**
 * How a model is named in words: "openai gpt-4o"; the model alone when it is named as its provider
 * ("scripted", not "scripted scripted").
 */
export function modelLabel(config: { provider: string; model: string }): string {
  return config.model === config.provider ? config.model : `${config.provider} ${config.model}`;
}
