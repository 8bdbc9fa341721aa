"""The emulated Pi's touch screen: a multitouch panel made with uinput, driven by words.

qemu 7.2 has no multitouch device (its USB tablet is an absolute mouse, which the app on
KMS/DRM does not read as the Pi's panel), so this daemon makes one inside the VM: an
800x480 direct-touch panel with the same event codes as the official 7" display's
driver (type B slots, BTN_TOUCH), which Kivy finds through probesysfs and reads through
mtdev exactly as on the Pi. It reads lines such as ``tap 672 447`` from a FIFO and
touches there (as root: ``echo 'tap 672 447' > /run/touch-panel``).
"""

from __future__ import annotations

import contextlib
import fcntl
import os
import struct
import time

FIFO = "/run/touch-panel"
NAME = b"Emulated Pi touch panel"
WIDTH, HEIGHT = 800, 480

# linux/input-event-codes.h and linux/uinput.h
EV_SYN, EV_KEY, EV_ABS = 0x00, 0x01, 0x03
SYN_REPORT = 0
BTN_TOUCH = 0x14A
ABS_X, ABS_Y = 0x00, 0x01
ABS_MT_SLOT, ABS_MT_POSITION_X, ABS_MT_POSITION_Y, ABS_MT_TRACKING_ID = 0x2F, 0x35, 0x36, 0x39
INPUT_PROP_DIRECT = 0x01
ABS_CNT = 0x40
BUS_VIRTUAL = 0x06


def _iow(number: int) -> int:
    return (1 << 30) | (4 << 16) | (ord("U") << 8) | number  # _IOW('U', number, int)


UI_SET_EVBIT, UI_SET_KEYBIT, UI_SET_ABSBIT, UI_SET_PROPBIT = (
    _iow(100),
    _iow(101),
    _iow(103),
    _iow(110),
)
UI_DEV_CREATE = (ord("U") << 8) | 1  # _IO('U', 1)

RANGES = {
    ABS_X: (0, WIDTH - 1),
    ABS_Y: (0, HEIGHT - 1),
    ABS_MT_SLOT: (0, 9),
    ABS_MT_POSITION_X: (0, WIDTH - 1),
    ABS_MT_POSITION_Y: (0, HEIGHT - 1),
    ABS_MT_TRACKING_ID: (0, 65535),
}


def create_panel() -> int:
    device = os.open("/dev/uinput", os.O_WRONLY)
    for bit in (EV_SYN, EV_KEY, EV_ABS):
        fcntl.ioctl(device, UI_SET_EVBIT, bit)
    fcntl.ioctl(device, UI_SET_KEYBIT, BTN_TOUCH)
    for code in RANGES:
        fcntl.ioctl(device, UI_SET_ABSBIT, code)
    fcntl.ioctl(device, UI_SET_PROPBIT, INPUT_PROP_DIRECT)
    absmax, absmin = [0] * ABS_CNT, [0] * ABS_CNT
    for code, (low, high) in RANGES.items():
        absmin[code], absmax[code] = low, high
    # struct uinput_user_dev: name, input_id, ff_effects_max, absmax, absmin, absfuzz, absflat
    setup = struct.pack(
        f"80s4HI{ABS_CNT}i{ABS_CNT}i{ABS_CNT}i{ABS_CNT}i",
        NAME,
        BUS_VIRTUAL,
        0x1209,
        0x7A1E,
        1,
        0,
        *absmax,
        *absmin,
        *([0] * ABS_CNT),
        *([0] * ABS_CNT),
    )
    os.write(device, setup)
    fcntl.ioctl(device, UI_DEV_CREATE)
    return device


def send(device: int, *events: tuple[int, int, int]) -> None:
    now = time.time()
    seconds, micros = int(now), int(now % 1 * 1_000_000)
    packed = b"".join(struct.pack("llHHi", seconds, micros, *event) for event in events)
    os.write(device, packed + struct.pack("llHHi", seconds, micros, EV_SYN, SYN_REPORT, 0))


def tap(device: int, x: int, y: int, touch: int) -> None:
    """A finger down at (x, y) for a tenth of a second, then up."""
    send(
        device,
        (EV_ABS, ABS_MT_SLOT, 0),
        (EV_ABS, ABS_MT_TRACKING_ID, touch),
        (EV_ABS, ABS_MT_POSITION_X, x),
        (EV_ABS, ABS_MT_POSITION_Y, y),
        (EV_KEY, BTN_TOUCH, 1),
        (EV_ABS, ABS_X, x),
        (EV_ABS, ABS_Y, y),
    )
    time.sleep(0.1)
    send(device, (EV_ABS, ABS_MT_TRACKING_ID, -1), (EV_KEY, BTN_TOUCH, 0))


def main() -> None:
    device = create_panel()
    with contextlib.suppress(FileNotFoundError):
        os.unlink(FIFO)  # a file left by a touch sent before the panel was there
    os.mkfifo(FIFO, 0o600)
    touches = 0
    while True:
        with open(FIFO) as commands:  # blocks until a writer comes
            for line in commands:
                words = line.split()
                if len(words) == 3 and words[0] == "tap":
                    touches += 1
                    tap(device, int(words[1]), int(words[2]), touches)
                    print(f"tap {words[1]} {words[2]}", flush=True)


if __name__ == "__main__":
    main()
