"use client";

import { useRouter } from "next/navigation";
import type { ComponentProps, MouseEvent } from "react";

export type AppLinkProps = Omit<ComponentProps<"a">, "href"> & {
  href: string;
  /** false: no warm-up on hover or touch (a link on every page whose target is cheap to render). */
  prefetch?: boolean;
};

const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.ctrlKey && !event.shiftKey && !event.altKey;
const isInApp = (href: string) => href.startsWith("/") && !href.startsWith("//");

/**
 * A link that navigates inside the app without a full page load, like next/link, at a fraction of
 * its weight: next/link brings its viewport-prefetch machinery (about 4 KB gzipped) into every
 * page's first load, for links whose targets are dynamic pages that prefetch little. This one
 * warms the target up when a pointer or a finger comes near it or it gets focus, and lets the
 * browser handle what is not a plain left click (new tab, download, another target).
 */
export function AppLink({
  href,
  prefetch = true,
  onClick,
  onPointerEnter,
  onTouchStart,
  onFocus,
  ...rest
}: AppLinkProps) {
  const router = useRouter();
  const inApp =
    isInApp(href) &&
    (rest.target === undefined || rest.target === "_self") &&
    rest.download === undefined;
  const warm = () => {
    if (prefetch && inApp) router.prefetch(href);
  };
  return (
    <a
      href={href}
      {...rest}
      onPointerEnter={(event) => {
        onPointerEnter?.(event);
        warm();
      }}
      onTouchStart={(event) => {
        onTouchStart?.(event);
        warm();
      }}
      onFocus={(event) => {
        onFocus?.(event);
        warm();
      }}
      onClick={(event) => {
        onClick?.(event);
        if (event.defaultPrevented || !inApp || !isPlainClick(event)) return;
        event.preventDefault();
        router.push(href);
      }}
    />
  );
}
