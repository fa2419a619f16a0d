"""Every screen as a picture at one moment: ``mss`` grabs each monitor (X11 on Linux, macOS,
Windows), Pillow blurs it when the organization asks and encodes it.

WebP at quality 80: a desktop with text, windows and photos comes out several times smaller
than PNG, with text still readable, and the server keeps WebP as it is (its thumbnails are
WebP too). A Pillow built without WebP falls back to JPEG at quality 85.
"""

from __future__ import annotations

from dataclasses import dataclass
from io import BytesIO
from typing import List

import mss
import mss.exception
from PIL import Image, ImageFilter, features

#: The server's limit for one upload.
MAX_UPLOAD_BYTES = 10 * 1024 * 1024
#: Blurring averages blocks of this many pixels a side, then smooths them: no text survives.
BLUR_BLOCK = 12


class CaptureFailed(Exception):
    """The screens could not be read (no display, no permission to record the screen)."""


@dataclass(frozen=True)
class Picture:
    content: bytes
    mime_type: str
    extension: str
    width: int
    height: int


def grab_screens() -> List[Image.Image]:
    """One image per monitor, in the order the system lists them; the whole desktop when it lists none."""
    try:
        with mss.MSS() as screens:
            monitors = screens.monitors[1:] or screens.monitors[:1]
            shots = [screens.grab(monitor) for monitor in monitors]
    except mss.exception.ScreenShotError as error:
        raise CaptureFailed(f"cannot read the screen: {error}") from error
    return [Image.frombytes("RGB", shot.size, shot.bgra, "raw", "BGRX") for shot in shots]


def blurred(image: Image.Image) -> Image.Image:
    width, height = image.size
    small = image.resize((max(1, width // BLUR_BLOCK), max(1, height // BLUR_BLOCK)), Image.Resampling.BOX)
    return small.filter(ImageFilter.GaussianBlur(1)).resize((width, height), Image.Resampling.BILINEAR)


def _encoded(image: Image.Image) -> "tuple[bytes, str, str]":
    out = BytesIO()
    if features.check("webp"):
        image.save(out, format="WEBP", quality=80, method=4)
        return out.getvalue(), "image/webp", "webp"
    image.save(out, format="JPEG", quality=85, optimize=True)
    return out.getvalue(), "image/jpeg", "jpg"


def picture(image: Image.Image, *, blur: bool) -> Picture:
    """The image encoded for upload, blurred first when asked, and scaled down until it fits the server's limit."""
    if blur:
        image = blurred(image)
    while True:
        content, mime_type, extension = _encoded(image)
        if len(content) <= MAX_UPLOAD_BYTES or min(image.size) <= 64:
            return Picture(content, mime_type, extension, image.size[0], image.size[1])
        image = image.resize((image.size[0] * 3 // 4, image.size[1] * 3 // 4), Image.Resampling.LANCZOS)
