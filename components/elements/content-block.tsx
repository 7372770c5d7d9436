import type { ResultBlock } from "@/lib/tool-result/content";
import { AudioBlockView, ImageBlockView } from "./media-blocks";
import { RawJson } from "@/components/elements/raw-json";
import { EmbeddedBlobResource, EmbeddedTextResource, ResourceLinkCard } from "./resource-blocks";
import { TextBlockView } from "./text-block";

export interface ContentBlockViewProps {
  block: ResultBlock;
}

function BlockBody({ block }: ContentBlockViewProps) {
  const base = `result-${block.index}`;
  switch (block.kind) {
    case "text":
      return <TextBlockView text={block.text} filenameBase={base} />;
    case "image":
      return <ImageBlockView data={block.data} mimeType={block.mimeType} byteLength={block.byteLength} />;
    case "audio":
      return <AudioBlockView data={block.data} mimeType={block.mimeType} byteLength={block.byteLength} />;
    case "resource_link":
      return <ResourceLinkCard {...block} />;
    case "resource_text":
      return <EmbeddedTextResource uri={block.uri} mimeType={block.mimeType} text={block.text} filenameBase={base} />;
    case "resource_blob":
      return <EmbeddedBlobResource uri={block.uri} mimeType={block.mimeType} blob={block.blob} byteLength={block.byteLength} />;
    case "unknown":
      return (
        <div className="flex flex-col gap-1">
          <span className="text-xs text-amber-700 dark:text-amber-300">Unrecognized content: {block.reason}</span>
          <RawJson value={block.raw} filename={`${base}.json`} title="Block JSON" />
        </div>
      );
  }
}

/** One content block of a tool result, tagged for tests with its kind. */
export function ContentBlockView({ block }: ContentBlockViewProps) {
  return (
    <div data-testid="result-block" data-kind={block.kind} className="flex flex-col gap-1">
      <BlockBody block={block} />
    </div>
  );
}
