import type { ScreenshotImage } from "@stint/sdk";
import { useEffect, useState } from "react";
import { describeError } from "../lib/errors";

/**
 * An image the API serves only to the signed-in caller, fetched through the library into an
 * object URL (the page's CSP allows `blob:` images), given back when it is no longer shown.
 */
export function useObjectUrl(
  fetchImage: (signal: AbortSignal) => Promise<ScreenshotImage>,
  key: string,
  wanted = true,
): { url: string | null; error: string | null } {
  const [state, setState] = useState<{ key: string; url: string | null; error: string | null }>({ key, url: null, error: null });
  useEffect(() => {
    if (!wanted) return;
    const controller = new AbortController();
    let url: string | null = null;
    fetchImage(controller.signal)
      .then((image) => {
        if (controller.signal.aborted || image.notModified) return;
        url = URL.createObjectURL(new Blob([image.data as BlobPart], { type: image.contentType ?? "image/webp" }));
        setState({ key, url, error: null });
      })
      .catch((error: unknown) => {
        if (!controller.signal.aborted) setState({ key, url: null, error: describeError(error) });
      });
    return () => {
      controller.abort();
      if (url) URL.revokeObjectURL(url);
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps -- `key` names the image; the fetcher is remade each render
  }, [key, wanted]);
  return state.key === key ? { url: state.url, error: state.error } : { url: null, error: null };
}

/**
 * Whether the element is on the screen or close to it, and stays true once it was: a day of
 * screenshots fetches its thumbnails as they are scrolled to, not all at once (each is a
 * request counted against the person's limit per minute).
 */
export function useSeen<T extends Element>(): [(element: T | null) => void, boolean] {
  const [element, setElement] = useState<T | null>(null);
  // A browser without the observer shows everything at once.
  const [seen, setSeen] = useState(() => typeof IntersectionObserver !== "function");
  useEffect(() => {
    if (!element || seen) return;
    const observer = new IntersectionObserver((entries) => entries.some((entry) => entry.isIntersecting) && setSeen(true), {
      rootMargin: "300px",
    });
    observer.observe(element);
    return () => observer.disconnect();
  }, [element, seen]);
  return [setElement, seen];
}
