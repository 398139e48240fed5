"""Print Manager (tool set $13): print records, the Page Setup and Print dialogs, and a
printer that writes each page to a PNG file and each job to a PDF document.

Follows the Apple IIGS Toolbox Reference vol. 1, chapter 15 "Print Manager" and vol. 3
(the later calls), with the record offsets of Apple's E16.Print equates:

    PrRec ($8C bytes)  +$00 prVersion:W  +$02 prInfo (iDev:W, iVRes:W, iHRes:W,
        rPage:Rect)  +$10 rPaper:Rect  +$18 prStl (wDev:W, internA:3W, feed:W,
        paperType:W, crWidth:W, reduction:W, internB:W)  +$2A prInfoPT  +$38 prXInfo
        +$50 prJob (iFstPage:W, iLstPage:W, iCopies:W, bJDocLoop:B, fFromUser:B,
        pIdleProc:L, pFileName:L, iFileVol:W, bFileVers:B, bJobX:B)  +$64 printX
    PrStatusRec  +$00 iTotPages:W  +$02 iCurPage:W  +$04 iTotCopies:W  +$06 iCurCopy:W
        +$08 iTotBands:W  +$0A iCurBand:W  +$0C fPgDirty:W  +$0E fImaging:W
        +$10 hPrint:L  +$14 pPrPort:L  +$18 hPic:L

The printer: a page printer of 80 dots an inch across and 72 down (a 640-mode pixel
each), US letter paper (rPaper 680 x 792 dots) with a printable page rPage of 640 x 756
(8 by 10.5 inches). PrOpenDoc gives a GrafPort (the program's, or one of its own) whose
pixel image is an off-screen 640-mode page of rPage's size; PrOpenPage clears the page to
white and sets the port up afresh; PrClosePage writes the page, when its number is in
the job's range (iFstPage .. iLstPage), as PAGE-NNNN.png (NNNN: the first number no file
of the folder has) in the folder of the mounted disk's image, or the working folder
without a disk, in greys (pixel values 0-3: black, dark grey, light grey, white paper).
Pages are printed as they are closed (draft printing): PrPicFile has no spool file to
print and fills the status record in. The job as a whole is a document: PrCloseDoc
writes its sheets (every page printed, each copy a sheet, in order) to PRINT-NNNN.pdf
beside them, one US letter page each with the printed page where rPage sits on rPaper
(Pillow's PDF writer, greys, 80 by 72 dots an inch); a PrPixelMap outside a document
is a job of one sheet.

PrStlDialog and PrJobDialog are modal dialogs (OK default, Cancel): a script's or a
user's Return accepts them (TRUE), Cancel or no more input declines (FALSE). The Print
dialog has three fields, Copies (1), From page and To page (blank: all pages, 1 ..
9999), which fill the job subrecord; each copy of a page is a file of its own. PrValidate answers TRUE when it had to
change the record (made it the default).

The port driver's calls (PrDevPrChanged .. PrDevIsItSafe: the Print Manager's calls a
printer driver makes to its port driver, Apple IIGS Technical Note #36 "Port Driver
Specifications") answer for this printer's port, which takes a printer driver's byte
stream to a file: PrDevOpen opens a job stream, PrDevWrite and PrDevWriteBackground add
to it, PrDevClose writes it, when anything was written, as PORT-NNNN.prn beside the
pages (the bytes as the printer driver sent them: printer codes this page printer does
not render); PrDevRead and PrDevAsyncRead answer 0 bytes (the printer sends nothing
back); PrDevStatus writes the Pascal string "Page Printer: ready" to the buffer;
PrDevIsItSafe answers TRUE. A completion routine given (non-zero) is JSLed, A = 0 (no
error), when the call is done. PMUnloadDriver/PMLoadDriver(whichDriver: bothDrivers 0,
printerDriver 1, portDriver 2; badLoadParam $1309 otherwise) unload and load the
drivers (PMStartUp loads both); the PrDev calls answer missingDriver $1301 while the
port driver is unloaded. A page that cannot be written sets PrError to
ioAbort ($FFE5) and the reason goes to the call log; PrPixelMap prints a rectangle of a
LocInfo's pixel image as one page.
"""
from __future__ import annotations

from pathlib import Path

import numpy as np

from iigs.memory import (read_bytes, read_long, read_word, write_bytes, write_long, write_pstring,
                         write_word)
from toolbox.calls import ToolError, s16, tool
from toolbox.toolbox import tool_state

TOOLSET = 0x13
PM_VERSION = 0x0300
PR_VERSION = 0x0300              # prVersion written by PrDefault
TRUE, FALSE = 0xFFFF, 0x0000

MISSING_DRIVER = 0x1301          # missingDriver
NO_PRINT_RECORD = 0x1303         # noPrintRecord
BAD_LOAD_PARAM = 0x1309          # badLoadParam
IO_ABORT = 0xFFE5                # ioAbort: the page could not be written
PR_ABORT = 0x0080                # prAbort

PR_REC_SIZE = 0x8C
PR_VERSION_F, PR_INFO, R_PAPER, PR_STL, PR_JOB = 0x00, 0x02, 0x10, 0x18, 0x50
I_DEV, I_VRES, I_HRES, R_PAGE = 0x02, 0x04, 0x06, 0x08             # PrRec offsets
J_FST_PAGE, J_LST_PAGE, J_COPIES, J_DOC_LOOP = 0x50, 0x52, 0x54, 0x56
STL_WDEV, STL_FEED, STL_PAPER_TYPE, STL_CR_WIDTH, STL_REDUCTION = 0x18, 0x20, 0x22, 0x24, 0x26
ST_TOT_PAGES, ST_CUR_PAGE, ST_TOT_COPIES, ST_CUR_COPY = 0x00, 0x02, 0x04, 0x06
ST_H_PRINT, ST_PR_PORT = 0x10, 0x14

# The printer
H_RES, V_RES = 80, 72            # dots an inch: one 640-mode pixel a dot
PAGE_RECT = (0, 0, 756, 640)     # rPage: 10.5 x 8 inches
PAPER_RECT = (-18, -20, 774, 660)  # rPaper: 11 x 8.5 inches around it
ROW_BYTES = PAGE_RECT[3] // 4    # 640 mode: four pixels a byte
SCB_640 = 0x80
PAPER_WHITE = 0xFF               # four white (3) pixels
GREYS = np.array([0, 85, 170, 255], dtype=np.uint8)
ALL_PAGES = 9999
FIELD_CHARS = 4                  # the Print dialog's fields: up to 4 digits
PAGE_NAME = "PAGE-{:04d}.png"
PORT_NAME = "PORT-{:04d}.prn"
PORT_STATUS = b"Page Printer: ready"
BOTH_DRIVERS, PRINTER_DRIVER, PORT_DRIVER = 0, 1, 2
DRIVERS = {BOTH_DRIVERS: ("printer", "port"), PRINTER_DRIVER: ("printer",),
           PORT_DRIVER: ("port",)}
JOB_NAME = "PRINT-{:04d}.pdf"
PRINTER_NAME = b"Page Printer"
PORT_DRIVER_NAME = b"PNG and PDF files"
PRINTER_TYPE = 0x0001            # PrGetPrinterSpecs: a dot-matrix-like page printer
PORTRAIT = 0                     # PrGetPgOrientation


def unpack_640(rows: np.ndarray) -> np.ndarray:
    """640-mode bytes (rows x row bytes) as pixel values (rows x 4 row bytes)."""
    values = np.stack([(rows >> shift) & 3 for shift in (6, 4, 2, 0)], axis=-1)
    return values.reshape(rows.shape[0], -1)


def page_grey(pixels: np.ndarray) -> np.ndarray:
    """A 640-mode page (rows x row bytes) as greys (rows, 4 x row bytes)."""
    return GREYS[unpack_640(pixels)]


def page_rgb(pixels: np.ndarray) -> np.ndarray:
    """A 640-mode page (rows x row bytes) as greys, RGB (rows, 4 x row bytes, 3)."""
    return np.repeat(page_grey(pixels)[:, :, None], 3, axis=2)


def sheet(page: np.ndarray) -> np.ndarray:
    """A printed page (greys, rPage) on its sheet of paper: white rPaper with the page
    where rPage lies on it."""
    top, left, bottom, right = PAPER_RECT
    paper = np.full((bottom - top, right - left), GREYS[-1], dtype=np.uint8)
    paper[-top:-top + page.shape[0], -left:-left + page.shape[1]] = page
    return paper


def sheet_image(paper: np.ndarray):
    """A sheet as the PDF keeps it, dot for dot: black and white only, a 1-bit image
    (CCITT group 4 in the PDF, a few hundred bytes); with greys, an image of 4
    palette entries (uncompressed: Pillow's other PDF filters for greys are JPEG's,
    which would blur the dots)."""
    from PIL import Image, features
    if features.check("libtiff") and np.isin(paper, (GREYS[0], GREYS[-1])).all():
        return Image.fromarray(paper == GREYS[-1])
    values = np.searchsorted(GREYS, paper).astype(np.uint8)
    image = Image.frombytes("P", (paper.shape[1], paper.shape[0]), values.tobytes())
    image.putpalette(np.repeat(GREYS, 3).tobytes())
    return image


def job_pdf(pages: list[np.ndarray], title: str) -> bytes:
    """A PDF document of printed pages (greys, rPage): a sheet of paper a page, its size
    the paper's at the printer's dots an inch (US letter, 612 x 792 points)."""
    import io
    sheets = [sheet_image(sheet(page)) for page in pages]
    out = io.BytesIO()
    sheets[0].save(out, format="PDF", save_all=True, append_images=sheets[1:],
                   dpi=(H_RES, V_RES), title=title)
    return out.getvalue()


def next_free_path(folder: Path, name: str) -> Path:
    """`name` (a format with one number) with the first number no file in `folder` has."""
    n = 1
    while (folder / name.format(n)).exists():
        n += 1
    return folder / name.format(n)


def number(text: bytes) -> int:
    """A field's number (its digits; 0 when it has none), at most ALL_PAGES."""
    digits = bytes(c for c in text if 0x30 <= c <= 0x39)
    return min(int(digits), ALL_PAGES) if digits else 0


@tool_state("pm")
class PrintManager:
    """The Print Manager's state: the open document's port and page, the error."""

    def __init__(self, tb) -> None:
        self.tb = tb
        self.started = False
        self.error = 0
        self.port = 0                # the printing GrafPort (0: no document open)
        self.own_port = 0            # its handle when the Print Manager made it
        self.page_handle = 0         # the page's pixel image
        self.page_ptr = 0
        self.record = 0              # the document's print record handle
        self.page_number = 0         # pages of the document opened so far
        self.written: list[Path] = []
        self.job_pages: list[np.ndarray] = []   # the job's pages (greys), for its PDF
        self.doc_name = b""
        self._strings: dict[bytes, int] = {}
        self.loaded = {"printer", "port"}       # the drivers PMLoadDriver loaded
        self.port_printer = b""                # PrDevPrChanged's / PrDevStartup's name
        self.port_started = False
        self.stream: bytearray | None = None   # the open job stream (PrDevOpen)

    # -- records ------------------------------------------------------------------------
    def record_ptr(self, handle: int) -> int:
        if not handle or handle not in self.tb.mm.blocks:
            raise ToolError(NO_PRINT_RECORD, f"${handle:06X} is not a print record")
        return self.tb.mm.deref(handle)

    def default(self, handle: int) -> None:
        """PrDefault's core: the printer's default record."""
        mem, ptr = self.tb.mem, self.record_ptr(handle)
        write_bytes(mem, ptr, bytes(PR_REC_SIZE))
        write_word(mem, ptr + PR_VERSION_F, PR_VERSION)
        write_word(mem, ptr + I_VRES, V_RES)
        write_word(mem, ptr + I_HRES, H_RES)
        for base, rect in ((R_PAGE, PAGE_RECT), (R_PAPER, PAPER_RECT)):
            for i, value in enumerate(rect):
                write_word(mem, ptr + base + 2 * i, value & 0xFFFF)
        write_word(mem, ptr + STL_CR_WIDTH, 0)
        write_word(mem, ptr + STL_REDUCTION, 100)
        self.set_job(ptr, 1, ALL_PAGES, 1)

    def set_job(self, ptr: int, first: int, last: int, copies: int) -> None:
        mem = self.tb.mem
        write_word(mem, ptr + J_FST_PAGE, first)
        write_word(mem, ptr + J_LST_PAGE, last)
        write_word(mem, ptr + J_COPIES, copies)
        mem[ptr + J_DOC_LOOP] = 0                      # draft: pages print as closed

    def valid(self, handle: int) -> bool:
        mem, ptr = self.tb.mem, self.record_ptr(handle)
        page = tuple(s16(read_word(mem, ptr + R_PAGE + 2 * i)) for i in range(4))
        return read_word(mem, ptr + PR_VERSION_F) == PR_VERSION and page == PAGE_RECT \
            and read_word(mem, ptr + I_HRES) == H_RES and read_word(mem, ptr + I_VRES) == V_RES

    # -- dialogs --------------------------------------------------------------------------
    def pstring(self, text: bytes) -> int:
        """A Pascal string kept for the dialogs' items (made once)."""
        if text not in self._strings:
            _, ptr = self.tb.wm.alloc(len(text) + 1)
            write_pstring(self.tb.mem, ptr, text)
            self._strings[text] = ptr
        return self._strings[text]

    def ask(self, title: bytes, lines: list[bytes],
            fields: tuple[tuple[bytes, bytes], ...] = ()) -> list[bytes] | None:
        """A modal dialog: the lines, a LineEdit field for each (label, default), OK
        (default) and Cancel. The fields' texts when OK is chosen, None otherwise."""
        from toolbox import dialog
        dm = self.tb.dlg
        top = 22 + 12 * len(lines)
        height = top + 20 * len(fields) + 30
        dlg = dm.new_modal((50, 140, 50 + height, 500), True, 0)
        dm.new_item(dlg, 3, (8, 16, 20, 344), dialog.STAT_TEXT, self.pstring(title), 0, 0)
        for i, line in enumerate(lines):
            dm.new_item(dlg, 4 + i, (22 + 12 * i, 16, 34 + 12 * i, 344), dialog.STAT_TEXT,
                        self.pstring(line), 0, 0)
        edits = []
        for i, (label, default) in enumerate(fields):
            v = top + 6 + 20 * i
            dm.new_item(dlg, 20 + 2 * i, (v, 16, v + 12, 120), dialog.STAT_TEXT,
                        self.pstring(label), 0, 0)
            edits.append(dm.new_item(dlg, 21 + 2 * i, (v, 130, v + 12, 190),
                                     dialog.EDIT_LINE, self.pstring(default), FIELD_CHARS, 0))
        dm.new_item(dlg, dialog.OK_ITEM, (height - 22, 270, height - 9, 340),
                    dialog.BUTTON_ITEM, self.pstring(b"OK"), 0, 0)
        dm.new_item(dlg, dialog.CANCEL_ITEM, (height - 22, 180, height - 9, 250),
                    dialog.BUTTON_ITEM, self.pstring(b"Cancel"), 0, 0)
        dm.draw(dlg)
        hit = 0
        while hit not in (dialog.OK_ITEM, dialog.CANCEL_ITEM):
            hit = dm.modal(dlg)
            if hit == 0:                               # no more input: declined
                break
        texts = [bytes(item.edit.model.text) for item in edits]
        dm.close(dlg)
        return texts if hit == dialog.OK_ITEM else None

    def job_dialog(self, handle: int) -> bool:
        """PrJobDialog's core: copies and the page range asked for (blank: all pages);
        True when printing goes ahead, the job subrecord filled in."""
        ptr = self.record_ptr(handle)
        texts = self.ask(b"Print: " + PRINTER_NAME,
                         [b"Each page to PAGE-NNNN.png, the whole job to",
                          b"PRINT-NNNN.pdf, beside the disk"],
                         ((b"Copies:", b"1"), (b"From page:", b""), (b"To page:", b"")))
        if texts is None:
            return False
        copies, first, last = (number(text) for text in texts)
        self.set_job(ptr, first or 1, last or ALL_PAGES, copies or 1)
        return True

    # -- the document ---------------------------------------------------------------------
    def open_doc(self, handle: int, port: int) -> int:
        self.record_ptr(handle)
        self.error = 0
        qd, mm = self.tb.qd, self.tb.mm
        if not port:
            from toolbox.quickdraw.records import PORT_SIZE
            self.own_port = mm.new_handle(PORT_SIZE, self.tb.wm.user_id or 0x1000, 0xC000)
            port = mm.deref(self.own_port)
        self.page_handle = mm.new_handle(ROW_BYTES * PAGE_RECT[2],
                                         self.tb.wm.user_id or 0x1000, 0xC000)
        self.page_ptr = mm.deref(self.page_handle)
        self.port, self.record, self.page_number = port, handle, 0
        qd.OpenPort(port)
        self.set_up_port()
        return port

    def set_up_port(self) -> None:
        """The port drawing into the page, its rectangle and visible region the page's
        (InitPort's are the screen's, 200 lines: the page is 756)."""
        from toolbox.quickdraw.records import PORT_VIS_RGN
        qd = self.tb.qd
        qd.SetPort(self.port)
        qd.SetPortLoc((SCB_640, self.page_ptr, ROW_BYTES, PAGE_RECT))
        qd.SetPortRect(PAGE_RECT)
        qd.RectRgn(read_long(self.tb.mem, self.port + PORT_VIS_RGN), PAGE_RECT)

    def open_page(self) -> None:
        if not self.port:
            raise ToolError(NO_PRINT_RECORD, "PrOpenPage with no document open")
        self.page_number += 1
        write_bytes(self.tb.mem, self.page_ptr, bytes([PAPER_WHITE]) * (ROW_BYTES * PAGE_RECT[2]))
        self.tb.qd.InitPort(self.port)
        self.set_up_port()

    def close_page(self) -> None:
        if not self.port:
            return
        ptr = self.record_ptr(self.record)
        first = read_word(self.tb.mem, ptr + J_FST_PAGE)
        last = read_word(self.tb.mem, ptr + J_LST_PAGE)
        copies = max(1, read_word(self.tb.mem, ptr + J_COPIES))
        if first <= self.page_number <= last:
            data = read_bytes(self.tb.mem, self.page_ptr, ROW_BYTES * PAGE_RECT[2])
            page = np.frombuffer(data, dtype=np.uint8).reshape(PAGE_RECT[2], ROW_BYTES)
            for _ in range(copies):                # a sheet, so a file, for each copy
                self.print_page(page)

    def folder(self) -> Path:
        volume = self.tb.gsos.volume
        path = getattr(volume, "path", None)
        return Path(path).resolve().parent if path is not None else Path.cwd()

    def print_page(self, pixels: np.ndarray) -> None:
        """Write one page (640-mode rows) as the next PAGE-NNNN.png; it is a sheet of
        the job's PDF too."""
        from iigs.video import png_bytes
        self.job_pages.append(page_grey(pixels))
        self.write(next_free_path(self.folder(), PAGE_NAME), png_bytes(page_rgb(pixels)),
                   "printed page", "the page was not printed")

    def print_job(self) -> None:
        """The job's pages, if it printed any, as the next PRINT-NNNN.pdf."""
        pages, self.job_pages = self.job_pages, []
        if pages:
            path = next_free_path(self.folder(), JOB_NAME)
            title = self.doc_name.decode("mac_roman") or path.stem
            self.write(path, job_pdf(pages, title), "printed document",
                       "the document was not printed")

    def write(self, path: Path, data: bytes, what: str, otherwise: str) -> None:
        """A printed file written; one that cannot be is ioAbort, the reason logged."""
        from iigs.hostfile import HostPathRefused, write_file
        try:
            write_file(path, data, what)
        except (HostPathRefused, OSError) as err:
            self.error = IO_ABORT
            self.tb.call_log.append(f"Print Manager: {err}; {otherwise}")
            return
        self.written.append(path)

    # -- the port driver ----------------------------------------------------------------
    def port_driver(self) -> None:
        if "port" not in self.loaded:
            raise ToolError(MISSING_DRIVER, "the port driver is unloaded (PMUnloadDriver)")

    def complete(self, routine: int) -> None:
        """A port call's completion routine, JSLed with A = 0 (no error)."""
        machine = self.tb.machine
        if routine and machine is not None:
            machine.call(routine & 0xFFFFFF, a=0)

    def stream_write(self, buffer: int, length: int) -> None:
        if self.stream is None:
            self.stream = bytearray()          # a write before PrDevOpen opens it
        self.stream += read_bytes(self.tb.mem, buffer, length)

    def stream_close(self) -> None:
        """The job stream, if anything was written to it, as the next PORT-NNNN.prn."""
        stream, self.stream = self.stream, None
        if stream:
            self.write(next_free_path(self.folder(), PORT_NAME), bytes(stream),
                       "printer driver's output", "the output was not written")

    def set_drivers(self, which: int, loaded: bool) -> None:
        if which not in DRIVERS:
            raise ToolError(BAD_LOAD_PARAM, f"whichDriver {which}")
        for driver in DRIVERS[which]:
            if loaded:
                self.loaded.add(driver)
            else:
                self.loaded.discard(driver)
                if driver == "port":
                    self.stream_close()

    def close_doc(self) -> None:
        mm = self.tb.mm
        if not self.port:
            return
        self.print_job()
        self.tb.qd.ClosePort(self.port)
        for handle in (self.page_handle, self.own_port):
            if handle and handle in mm.blocks:
                mm.dispose(handle)
        self.port = self.own_port = self.page_handle = self.page_ptr = 0


def _pm(tb) -> PrintManager:
    return tb.pm


# -- tool calls (Toolbox Reference vol. 1, ch. 15; vol. 3) -------------------------------

@tool(TOOLSET, 0x01, "")
def PMBootInit(tb) -> None:
    """PMBootInit()"""


@tool(TOOLSET, 0x02, "WW")
def PMStartUp(tb, user_id: int, dpage: int) -> None:
    """PMStartUp(userID:W, dPageAddr:W) -- both drivers loaded."""
    _pm(tb).started = True
    _pm(tb).error = 0
    _pm(tb).loaded = {"printer", "port"}


@tool(TOOLSET, 0x03, "")
def PMShutDown(tb) -> None:
    """PMShutDown() -- an open document and job stream are closed."""
    _pm(tb).close_doc()
    _pm(tb).stream_close()
    _pm(tb).started = False


@tool(TOOLSET, 0x04, "", 2)
def PMVersion(tb) -> int:
    """PMVersion(): version:W"""
    return PM_VERSION


@tool(TOOLSET, 0x05, "")
def PMReset(tb) -> None:
    """PMReset()"""


@tool(TOOLSET, 0x06, "", 2)
def PMStatus(tb) -> int:
    """PMStatus(): active:W"""
    return TRUE if _pm(tb).started else FALSE


@tool(TOOLSET, 0x09, "L")
def PrDefault(tb, handle: int) -> None:
    """PrDefault(printRecordHandle:L)"""
    _pm(tb).default(handle)


@tool(TOOLSET, 0x0A, "L", 2)
def PrValidate(tb, handle: int) -> int:
    """PrValidate(printRecordHandle:L): changed:W -- TRUE when it had to be made the
    default."""
    pm = _pm(tb)
    if pm.valid(handle):
        return FALSE
    pm.default(handle)
    return TRUE


@tool(TOOLSET, 0x0B, "L", 2)
def PrStlDialog(tb, handle: int) -> int:
    """PrStlDialog(printRecordHandle:L): confirmed:W -- Page Setup."""
    pm = _pm(tb)
    if not pm.valid(handle):
        pm.default(handle)
    return FALSE if pm.ask(b"Page Setup: " + PRINTER_NAME,
                           [b"US Letter, portrait, 100%"]) is None else TRUE


@tool(TOOLSET, 0x0C, "L", 2)
def PrJobDialog(tb, handle: int) -> int:
    """PrJobDialog(printRecordHandle:L): confirmed:W -- Print: copies, pages."""
    pm = _pm(tb)
    if not pm.valid(handle):
        pm.default(handle)
    return TRUE if pm.job_dialog(handle) else FALSE


@tool(TOOLSET, 0x0D, "LLW")
def PrPixelMap(tb, loc_ptr: int, rect_ptr: int, color_flag: int) -> None:
    """PrPixelMap(srcLocPtr:L, srcRectPtr:L, colorFlag:W) -- the rectangle of the
    LocInfo's image (640 or 320 mode: a 320-mode pixel's value divided by 4) printed
    on one page, top left."""
    from toolbox.quickdraw.geometry import read_rect
    mem = tb.mem
    scb, image, width = read_word(mem, loc_ptr), read_long(mem, loc_ptr + 2) & 0xFFFFFF, \
        read_word(mem, loc_ptr + 6)
    bounds = read_rect(mem, loc_ptr + 8)
    t, l, b, r = read_rect(mem, rect_ptr)
    rows = np.frombuffer(read_bytes(mem, image, width * (bounds[2] - bounds[0])),
                         dtype=np.uint8).reshape(bounds[2] - bounds[0], width)
    if scb & SCB_640:
        pixels = unpack_640(rows)
    else:                                 # two 4-bit pixels a byte: their top two bits
        pixels = (np.stack([rows >> 4, rows & 15], axis=-1) >> 2).reshape(rows.shape[0], -1)
    t, b = max(t, bounds[0]), min(b, bounds[2], t + PAGE_RECT[2])
    l, r = max(l, bounds[1]), min(r, bounds[1] + pixels.shape[1], l + PAGE_RECT[3])
    page = np.full((PAGE_RECT[2], PAGE_RECT[3]), 3, dtype=np.uint8)
    if b > t and r > l:
        page[:b - t, :r - l] = pixels[t - bounds[0]:b - bounds[0], l - bounds[1]:r - bounds[1]]
    packed = (page[:, 0::4] << 6) | (page[:, 1::4] << 4) | (page[:, 2::4] << 2) | page[:, 3::4]
    pm = _pm(tb)
    pm.print_page(packed.astype(np.uint8))
    if not pm.port:                       # outside a document: a job of its own
        pm.print_job()


@tool(TOOLSET, 0x0E, "LL", 4)
def PrOpenDoc(tb, handle: int, port: int) -> int:
    """PrOpenDoc(printRecordHandle:L, grafPortPtr:L): printingPort:L -- 0: the Print
    Manager makes the port; it becomes the current port."""
    return _pm(tb).open_doc(handle, port)


@tool(TOOLSET, 0x0F, "L")
def PrCloseDoc(tb, port: int) -> None:
    """PrCloseDoc(grafPortPtr:L) -- the job's pages go out as one PDF."""
    _pm(tb).close_doc()


@tool(TOOLSET, 0x10, "LL")
def PrOpenPage(tb, port: int, frame_ptr: int) -> None:
    """PrOpenPage(grafPortPtr:L, pageFramePtr:L) -- a blank page (0: rPage)."""
    _pm(tb).open_page()


@tool(TOOLSET, 0x11, "L")
def PrClosePage(tb, port: int) -> None:
    """PrClosePage(grafPortPtr:L) -- the page is printed (PAGE-NNNN.png)."""
    _pm(tb).close_page()


@tool(TOOLSET, 0x12, "LLL")
def PrPicFile(tb, handle: int, port: int, status_ptr: int) -> None:
    """PrPicFile(printRecordHandle:L, grafPortPtr:L, statusRecPtr:L) -- the pages were
    printed as they closed; the status record says how many."""
    pm = _pm(tb)
    if status_ptr:
        mem = tb.mem
        for offset, value in ((ST_TOT_PAGES, pm.page_number), (ST_CUR_PAGE, pm.page_number),
                              (ST_TOT_COPIES, 1), (ST_CUR_COPY, 1)):
            write_word(mem, status_ptr + offset, value)
        write_long(mem, status_ptr + ST_H_PRINT, handle)
        write_long(mem, status_ptr + ST_PR_PORT, port)


@tool(TOOLSET, 0x14, "", 2)
def PrError(tb) -> int:
    """PrError(): error:W"""
    return _pm(tb).error


@tool(TOOLSET, 0x15, "W")
def PrSetError(tb, error: int) -> None:
    """PrSetError(errorNumber:W)"""
    _pm(tb).error = error


@tool(TOOLSET, 0x16, "", 2)
def PrChoosePrinter(tb) -> int:
    """PrChoosePrinter(): driverChanged:W -- the one printer: nothing changes."""
    return FALSE


@tool(TOOLSET, 0x18, "", 4)
def PrGetPrinterSpecs(tb) -> int:
    """PrGetPrinterSpecs(): printerType:W, characteristics:W (low word first)."""
    return PRINTER_TYPE


@tool(TOOLSET, 0x23, "", 2)
def PrDriverVer(tb) -> int:
    """PrDriverVer(): version:W"""
    return PM_VERSION


@tool(TOOLSET, 0x24, "", 2)
def PrPortVer(tb) -> int:
    """PrPortVer(): version:W"""
    return PM_VERSION


def _name(tb, text: bytes) -> int:
    return _pm(tb).pstring(text)


@tool(TOOLSET, 0x25, "", 4)
def PrGetZoneName(tb) -> int:
    """PrGetZoneName(): zoneNamePtr:L -- no network: an empty name."""
    return _name(tb, b"")


@tool(TOOLSET, 0x28, "", 4)
def PrGetPrinterDvrName(tb) -> int:
    """PrGetPrinterDvrName(): namePtr:L"""
    return _name(tb, PRINTER_NAME)


@tool(TOOLSET, 0x29, "", 4)
def PrGetPortDvrName(tb) -> int:
    """PrGetPortDvrName(): namePtr:L"""
    return _name(tb, PORT_DRIVER_NAME)


@tool(TOOLSET, 0x2A, "", 4)
def PrGetUserName(tb) -> int:
    """PrGetUserName(): namePtr:L"""
    return _name(tb, b"")


@tool(TOOLSET, 0x2B, "", 4)
def PrGetNetworkName(tb) -> int:
    """PrGetNetworkName(): namePtr:L"""
    return _name(tb, b"")


@tool(TOOLSET, 0x36, "", 4)
def PrGetDocName(tb) -> int:
    """PrGetDocName(): namePtr:L"""
    return _name(tb, _pm(tb).doc_name)


@tool(TOOLSET, 0x37, "L")
def PrSetDocName(tb, name_ptr: int) -> None:
    """PrSetDocName(namePtr:L)"""
    from iigs.memory import read_pstring
    _pm(tb).doc_name = read_pstring(tb.mem, name_ptr)


@tool(TOOLSET, 0x38, "L", 2)
def PrGetPgOrientation(tb, handle: int) -> int:
    """PrGetPgOrientation(printRecordHandle:L): orientation:W (0 portrait)."""
    _pm(tb).record_ptr(handle)
    return PORTRAIT


# -- the port driver's calls (Apple IIGS Technical Note #36) -----------------------------

def _port(tb) -> PrintManager:
    pm = _pm(tb)
    pm.port_driver()
    return pm


@tool(TOOLSET, 0x19, "L")
def PrDevPrChanged(tb, printer_name: int) -> None:
    """PrDevPrChanged(printerNamePtr:L) -- the printer chosen for this port."""
    from iigs.memory import read_pstring
    _port(tb).port_printer = read_pstring(tb.mem, printer_name) if printer_name else b""


@tool(TOOLSET, 0x1A, "LL")
def PrDevStartup(tb, printer_name: int, zone_name: int) -> None:
    """PrDevStartup(printerNamePtr:L, zoneNamePtr:L) -- no zone: a direct port."""
    PrDevPrChanged(tb, printer_name)
    _pm(tb).port_started = True


@tool(TOOLSET, 0x1B, "")
def PrDevShutDown(tb) -> None:
    """PrDevShutDown() -- may come without a PrDevStartup (TN #36)."""
    pm = _port(tb)
    pm.stream_close()
    pm.port_started = False


@tool(TOOLSET, 0x1C, "LL")
def PrDevOpen(tb, completion: int, reserved: int) -> None:
    """PrDevOpen(completionPtr:L, reserved:L) -- a job stream opened."""
    pm = _port(tb)
    pm.stream_close()
    pm.stream = bytearray()
    pm.complete(completion)


@tool(TOOLSET, 0x1D, "LW", 2)
def PrDevRead(tb, buffer: int, count: int) -> int:
    """PrDevRead(bufferPtr:L, reqCount:W): transferCount:W -- nothing comes back."""
    _port(tb)
    return 0


@tool(TOOLSET, 0x1E, "LLW")
def PrDevWrite(tb, completion: int, buffer: int, length: int) -> None:
    """PrDevWrite(completionPtr:L, bufferPtr:L, bufferLength:W)"""
    pm = _port(tb)
    pm.stream_write(buffer, length)
    pm.complete(completion)


@tool(TOOLSET, 0x1F, "")
def PrDevClose(tb) -> None:
    """PrDevClose() -- the job stream written (PORT-NNNN.prn)."""
    _port(tb).stream_close()


@tool(TOOLSET, 0x20, "L")
def PrDevStatus(tb, status: int) -> None:
    """PrDevStatus(statusBufferPtr:L) -- a Pascal string: the printer is there."""
    from iigs.memory import write_pstring
    _port(tb)
    if status:
        write_pstring(tb.mem, status, PORT_STATUS)


@tool(TOOLSET, 0x21, "LWL", 2)
def PrDevAsyncRead(tb, completion: int, length: int, buffer: int) -> int:
    """PrDevAsyncRead(completionPtr:L, bufferLength:W, bufferPtr:L): transferCount:W"""
    pm = _port(tb)
    pm.complete(completion)
    return 0


@tool(TOOLSET, 0x22, "LWL")
def PrDevWriteBackground(tb, completion: int, length: int, buffer: int) -> None:
    """PrDevWriteBackground(completionPtr:L, bufferLength:W, bufferPtr:L) -- written at
    once, as PrDevWrite writes it."""
    PrDevWrite(tb, completion, buffer, length)


@tool(TOOLSET, 0x30, "", 2)
def PrDevIsItSafe(tb) -> int:
    """PrDevIsItSafe(): safeFlag:W -- the port is always there."""
    _port(tb)
    return TRUE


@tool(TOOLSET, 0x34, "W")
def PMUnloadDriver(tb, which: int) -> None:
    """PMUnloadDriver(whichDriver:W): bothDrivers 0, printerDriver 1, portDriver 2."""
    _pm(tb).set_drivers(which, False)


@tool(TOOLSET, 0x35, "W")
def PMLoadDriver(tb, which: int) -> None:
    """PMLoadDriver(whichDriver:W): bothDrivers 0, printerDriver 1, portDriver 2."""
    _pm(tb).set_drivers(which, True)
