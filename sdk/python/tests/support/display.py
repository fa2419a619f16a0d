"""A virtual X display (Xvfb) for the capture agent, on a display number Xvfb picks itself.

Started with ``-retro``, so the screen shows X's classic root weave: a fine black and white
pattern, which a blurred screenshot must have lost. ``two_monitors`` splits the screen into
two RandR monitors side by side, as a desk with two screens reports them.
"""

from __future__ import annotations

import contextlib
import ctypes
import os
import shutil
import subprocess
from typing import Iterator, Optional

XVFB = "Xvfb"


class VirtualDisplay:
    def __init__(self, width: int = 1280, height: int = 720) -> None:
        self.width, self.height = width, height
        read_end, write_end = os.pipe()
        self._process = subprocess.Popen(
            [XVFB, "-displayfd", str(write_end), "-retro", "-screen", "0", f"{width}x{height}x24", "-nolisten", "tcp", "-nolisten", "unix"],
            pass_fds=(write_end,),
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
        )
        os.close(write_end)
        # Xvfb writes its display number once it accepts connections: ready means ready.
        with os.fdopen(read_end) as numbers:
            number = numbers.readline().strip()
        if not number:
            _, errors = self._process.communicate(timeout=30)
            raise RuntimeError(f"Xvfb did not start: {errors.decode(errors='replace')}")
        self.name = f":{number}"

    def stop(self) -> None:
        self._process.terminate()
        try:
            self._process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self._process.kill()
            self._process.wait()

    @contextlib.contextmanager
    def two_monitors(self) -> Iterator[None]:
        """The screen as two monitors, the left and the right half, while the block runs (RandR
        forgets monitors set by a client when it disconnects, so the connection stays open)."""
        with _RandR(self.name) as randr:
            half = self.width // 2
            randr.set_monitor(b"LEFT", 0, half, self.height, with_output=True)
            randr.set_monitor(b"RIGHT", half, self.width - half, self.height, with_output=False)
            randr.sync()
            yield


def xvfb_missing() -> Optional[str]:
    return None if shutil.which(XVFB) else "Xvfb is not installed (Debian: apt-get install xvfb)"


class _MonitorInfo(ctypes.Structure):
    _fields_ = [
        ("name", ctypes.c_ulong),
        ("primary", ctypes.c_int),
        ("automatic", ctypes.c_int),
        ("noutput", ctypes.c_int),
        ("x", ctypes.c_int),
        ("y", ctypes.c_int),
        ("width", ctypes.c_int),
        ("height", ctypes.c_int),
        ("mwidth", ctypes.c_int),
        ("mheight", ctypes.c_int),
        ("outputs", ctypes.POINTER(ctypes.c_ulong)),
    ]


class _ScreenResources(ctypes.Structure):
    _fields_ = [
        ("timestamp", ctypes.c_ulong),
        ("configTimestamp", ctypes.c_ulong),
        ("ncrtc", ctypes.c_int),
        ("crtcs", ctypes.POINTER(ctypes.c_ulong)),
        ("noutput", ctypes.c_int),
        ("outputs", ctypes.POINTER(ctypes.c_ulong)),
    ]


class _RandR:
    """The few Xlib and Xrandr calls that set monitors (libX11 and libXrandr, through ctypes)."""

    def __init__(self, display: str) -> None:
        self.x11 = ctypes.CDLL("libX11.so.6")
        self.xrandr = ctypes.CDLL("libXrandr.so.2")
        self.x11.XOpenDisplay.restype = ctypes.c_void_p
        self.x11.XOpenDisplay.argtypes = [ctypes.c_char_p]
        self.x11.XDefaultRootWindow.restype = ctypes.c_ulong
        self.x11.XDefaultRootWindow.argtypes = [ctypes.c_void_p]
        self.x11.XInternAtom.restype = ctypes.c_ulong
        self.x11.XInternAtom.argtypes = [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_int]
        self.x11.XSync.argtypes = [ctypes.c_void_p, ctypes.c_int]
        self.x11.XCloseDisplay.argtypes = [ctypes.c_void_p]
        self.xrandr.XRRGetScreenResourcesCurrent.restype = ctypes.POINTER(_ScreenResources)
        self.xrandr.XRRGetScreenResourcesCurrent.argtypes = [ctypes.c_void_p, ctypes.c_ulong]
        self.xrandr.XRRSetMonitor.argtypes = [ctypes.c_void_p, ctypes.c_ulong, ctypes.POINTER(_MonitorInfo)]
        self.connection = self.x11.XOpenDisplay(display.encode())
        if not self.connection:
            raise RuntimeError(f"cannot open the display {display}")
        self.root = self.x11.XDefaultRootWindow(self.connection)
        resources = self.xrandr.XRRGetScreenResourcesCurrent(self.connection, self.root)
        self.output = ctypes.c_ulong(resources.contents.outputs[0])

    def __enter__(self) -> "_RandR":
        return self

    def __exit__(self, *exc: object) -> None:
        self.x11.XCloseDisplay(self.connection)

    def set_monitor(self, name: bytes, x: int, width: int, height: int, *, with_output: bool) -> None:
        # The screen's one output goes to the first monitor; otherwise Xvfb adds a monitor of its own for it.
        outputs = ctypes.pointer(self.output) if with_output else None
        info = _MonitorInfo(self.x11.XInternAtom(self.connection, name, 0), 0, 0, 1 if with_output else 0, x, 0, width, height, 0, 0, outputs)
        self.xrandr.XRRSetMonitor(self.connection, self.root, ctypes.byref(info))

    def sync(self) -> None:
        self.x11.XSync(self.connection, 0)
