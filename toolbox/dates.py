"""The IIGS's date and time formats, shared by GS/OS, ProDOS 16 and the Misc Tool Set.

- TimeRec (ORCA/C `types.h`; Toolbox Reference ch. 14, ReadTimeHex): eight bytes,
  second, minute, hour, year - 1900, day - 1, month - 1, 0, weekday (1 = Sunday).
- ProDOS date and time words (ProDOS 16 Reference; ProDOS 8 Technical Reference):
  date = year mod 100 << 9 | month << 5 | day, time = hour << 8 | minute; years 40-99
  are 19xx and 0-39 20xx (ProDOS 8 Technical Note #28).
- The clock's seconds: seconds since 1 January 1904, 00:00 (ConvSeconds).

Readers raise ValueError for a record that names no real moment.
"""
from __future__ import annotations

from datetime import datetime, timedelta

TIMEREC_SIZE = 8
PRODOS_DATE_SIZE = 4
CLOCK_EPOCH = datetime(1904, 1, 1)
CLOCK_SECONDS_MAX = 0xFFFFFFFF
PRODOS_CENTURY_PIVOT = 40             # two-digit years below this are 20xx


def timerec_bytes(when: datetime) -> bytes:
    return bytes([when.second, when.minute, when.hour, (when.year - 1900) & 0xFF,
                  when.day - 1, when.month - 1, 0, when.isoweekday() % 7 + 1])


def timerec_datetime(raw: bytes) -> datetime:
    second, minute, hour, year, day, month = raw[:6]
    return datetime(1900 + year, month + 1, day + 1, hour, minute, second)


def prodos_bytes(when: datetime) -> bytes:
    date = ((when.year % 100) << 9) | (when.month << 5) | when.day
    time = (when.hour << 8) | when.minute
    return date.to_bytes(2, "little") + time.to_bytes(2, "little")


def prodos_datetime(raw: bytes) -> datetime:
    date, time = int.from_bytes(raw[:2], "little"), int.from_bytes(raw[2:4], "little")
    year = date >> 9
    year += 1900 if year >= PRODOS_CENTURY_PIVOT else 2000
    return datetime(year, (date >> 5) & 0x0F, date & 0x1F, (time >> 8) & 0x1F,
                    time & 0x3F)


def clock_datetime(seconds: int) -> datetime:
    return CLOCK_EPOCH + timedelta(seconds=seconds & CLOCK_SECONDS_MAX)


def clock_seconds(when: datetime) -> int:
    seconds = int((when - CLOCK_EPOCH).total_seconds())
    if not 0 <= seconds <= CLOCK_SECONDS_MAX:
        raise ValueError(f"{when} is outside the clock's range")
    return seconds
