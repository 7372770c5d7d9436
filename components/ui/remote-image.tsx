"use client";

import * as React from "react";
import { ImageIcon } from "lucide-react";
import { cn } from "@/lib/cn";

/** `data:image/…` is inline bytes: showing it fetches nothing. */
export function isInlineImage(src: string): boolean {
  return /^data:image\/[a-z0-9.+-]+[;,]/i.test(src);
}

/** Where a fetch of `src` would go, for the placeholder: the host, or "this page" for a relative URL. */
export function imageHost(src: string): string {
  if (/^(https?:)?\/\//i.test(src)) {
    try {
      return new URL(src, "https://placeholder.invalid").host || src;
    } catch {
      return src;
    }
  }
  return "a relative address";
}

export interface RemoteImageProps {
  src: string;
  alt?: string;
  title?: string;
}

/**
 * An image named by a server's or an agent's markdown. Loading it would tell that host the user is
 * looking (a tracking pixel) and, for a relative URL, send a request to Loupe itself, so it waits
 * for a click; inline `data:` images show at once (issue 9 §2).
 */
function RemoteImage({ src, alt, title }: RemoteImageProps) {
  const [load, setLoad] = React.useState(false);
  if (isInlineImage(src) || load) {
    return (
      <img data-slot="remote-image" src={src} alt={alt ?? ""} title={title} referrerPolicy="no-referrer" className="inline max-w-full" />
    );
  }
  const host = imageHost(src);
  return (
    <button
      type="button"
      data-slot="remote-image-placeholder"
      data-testid="remote-image-placeholder"
      data-host={host}
      title={src}
      onClick={() => setLoad(true)}
      className={cn(
        "my-1 inline-flex max-w-full items-center gap-1.5 rounded-md border border-dashed px-2 py-1 text-left align-middle text-xs text-muted-foreground",
        "outline-none hover:bg-accent hover:text-foreground focus-visible:ring-2 focus-visible:ring-ring/60",
      )}
    >
      <ImageIcon className="size-3.5 shrink-0" aria-hidden />
      <span className="min-w-0 truncate">
        {alt ? <span className="text-foreground">“{alt}”</span> : "Image"} from <span className="font-mono">{host}</span>
      </span>
      <span className="shrink-0 font-medium text-primary">Load</span>
    </button>
  );
}

export { RemoteImage };
