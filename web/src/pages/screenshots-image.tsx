import type { ScreenshotImage } from "@stint/sdk";
import { useEffect, useState } from "react";
import { describeError } from "../lib/errors";

/**
 * An image the API serves only to the signed-in caller, fetched through the library into an
 * object URL (the page's CSP allows `blob:` images), given back when it is no longer shown.
 */
export function useObjectUrl(fetchImage: (signal: AbortSignal) => Promise<ScreenshotImage>, key: string): { url: string | null; error: string | null } {
  const [state, setState] = useState<{ key: string; url: string | null; error: string | null }>({ key, url: null, error: null });
  useEffect(() => {
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
  }, [key]);
  return state.key === key ? { url: state.url, error: state.error } : { url: null, error: null };
}
