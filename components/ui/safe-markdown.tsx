"use client";

import * as React from "react";
import Markdown, { defaultUrlTransform, type Components, type UrlTransform } from "react-markdown";
import remarkGfm from "remark-gfm";
import { RemoteImage, isInlineImage } from "./remote-image";

/**
 * Markdown from a server or an agent. react-markdown never renders raw HTML, and its default URL
 * filter drops `javascript:`; on top of that nothing here fetches by itself: images wait for a click
 * (RemoteImage) and links open only when clicked, in a new tab with no opener or referrer.
 */
const urlTransform: UrlTransform = (url, key, node) =>
  // The default filter would drop data: URLs; an inline image fetches nothing.
  key === "src" && node.tagName === "img" && isInlineImage(url) ? url : defaultUrlTransform(url);

const COMPONENTS: Components = {
  img: ({ src, alt, title }) => (typeof src === "string" && src ? <RemoteImage src={src} alt={alt} title={title} /> : null),
  a: ({ href, children, title }) => (
    <a href={href} title={title ?? href} target="_blank" rel="noopener noreferrer">
      {children}
    </a>
  ),
};

const GFM = [remarkGfm];

export interface SafeMarkdownProps {
  children: string;
  /** GitHub-flavoured markdown (tables, task lists, strikethrough), as MCP servers write it. */
  gfm?: boolean;
}

function SafeMarkdown({ children, gfm = false }: SafeMarkdownProps) {
  return (
    <Markdown remarkPlugins={gfm ? GFM : undefined} urlTransform={urlTransform} components={COMPONENTS}>
      {children}
    </Markdown>
  );
}

export { SafeMarkdown };
