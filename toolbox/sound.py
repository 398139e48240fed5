"""Sound Tool Set (tool set $08): the DOC's wave RAM, volumes and the free-form synthesizer.

Follows the Apple IIGS Toolbox Reference vol. 2, chapter 21 "Sound Tool Set", with the
call numbers, error codes, SoundParamBlock and DocRegParamBlk of Apple's `Sound.p` /
ORCA/C `sound.h` (E16.Sound: the parameter block offsets). The hardware below is
`iigs.doc.DOC`, the machine's Ensoniq 5503 (`machine.doc`): the same chip programs
reach through the Sound GLU ($C03C-$C03F, `iigs.glu`), so wave RAM written either way
is read back either way, and the chip keeps its own emulated time (`DOC.catch_up`).

The free-form synthesizer (FFStartSound): generator n (0..14) plays on oscillator 2n
in one-shot mode. The Toolbox Reference's synthesizer streams a wave through a DOC
buffer of `bufferSize` in halves, refilled at interrupt time; this model copies the
whole wave (`waveSize` pages from `waveStart`) into wave RAM at `docBuffer` at once,
ends it with a $00 (the DOC's stop byte) when it is shorter than its table, and plays
it as one table: so a wave must fit in wave RAM from `docBuffer` and in a 32 KB table,
and `docBuffer` must be aligned to that table's size (else docAddrRngErr). A block's
`nextWavePtr` is started on the same generator when the wave ends.

The top 1 KB of wave RAM ($FC00-$FFFF) holds SysBeep's wave, played on generator 14;
programs keep their own waves below it. The Note Synthesizer's update clock
(toolbox/notesynth.py) reads it too, silently, on oscillator 31; it is not a sound, so
the host is not told of it.

Volumes: a generator's volume is the DOC's (0..255, volSetting). The system volume is
the Sound GLU's 0..15 (the Control Panel's); GetSoundVolume/SetSoundVolume reach it
with a generator number of 15 or more, as a byte whose high nibble is the volume.

`beep()` is SysBeep's sound (and every beep the toolbox gives on its own): the system
volume is the Sound GLU's master volume over all the DOC plays, so at 0 a beep is not
heard at all: nothing is started, counted or logged. The Control Panel's volume 0
(battery RAM) and a program's SetSoundVolume(0, $000F) both give that; the latter leaves
battery RAM as it was, so a program can mute the machine and give the user's volume back.
"""
from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from iigs import doc as docmod
from iigs.memory import read_bytes, read_long, read_word, write_bytes
from toolbox.calls import ToolError, tool
from toolbox.toolbox import tool_state

# Error codes (Sound.p)
NO_DOC_FND_ERR = 0x0810         # noDOCFndErr
DOC_ADDR_RNG_ERR = 0x0811       # docAddrRngErr: DOC address range error
NO_SAPP_INIT_ERR = 0x0812       # noSAppInitErr: SoundStartUp not called
INVAL_GEN_NUM_ERR = 0x0813      # invalGenNumErr
SYNTH_MODE_ERR = 0x0814         # synthModeErr
GEN_BUSY_ERR = 0x0815           # genBusyErr
SND_ALREADY_STRT_ERR = 0x0818   # sndAlreadyStrtErr

FF_SYNTH_MODE = 0x0001          # ffSynthMode (low byte of genNumFFSynth)
GEN_AVAIL = 0x0000              # genStatus values (FFGeneratorStatus)
FF_SYNTH = 0x0100
GENERATORS = 15                 # 0..14
SYSTEM_VOLUME_GEN = 15          # genNumber >= 15: the system volume
TRUE = 0xFFFF
SOUND_VERSION = 0x0300

# SoundParamBlock (E16.Sound offsets)
PB_WAVE_START, PB_WAVE_SIZE, PB_FREQ_OFFSET = 0x00, 0x04, 0x06
PB_DOC_BUFFER, PB_BUFFER_SIZE, PB_NEXT_WAVE, PB_VOL_SETTING = 0x08, 0x0A, 0x0C, 0x10

# The jump table GetTableAddress returns (Sound.p "Jump Table Offset" constants)
SM_READ_REGISTER, SM_WRITE_REGISTER, SM_READ_RAM, SM_WRITE_RAM = 0x00, 0x04, 0x08, 0x0C
SM_READ_NEXT, SM_WRITE_NEXT, SM_OSC_TABLE, SM_GEN_TABLE = 0x10, 0x14, 0x18, 0x1C
SM_GCB_ADDR_TABLE, SM_DISABLE_INC = 0x20, 0x24
JUMP_TABLE_SIZE = 0x28
RTL = 0x6B

# SysBeep: a 1 kHz square wave, 0.12 s, from the top of wave RAM
BEEP_DOC_ADDRESS = 0xFC00
BEEP_TABLE_CODE = 2             # 1 KB
BEEP_FREQ = 150                 # 26,320 Hz * 150 / 512 = 7,711 bytes a second
BEEP_HZ = 1000
BEEP_GENERATOR = 14
BEEP_VOLUME = 0xC0
BEEP_AMPLITUDE = 0x60

TABLE_CODES = range(8)          # DOC table sizes 256 << n
# The Note Synthesizer's update clock (toolbox/notesynth.py): a free-running oscillator
# at volume 0 whose interrupts time the envelopes; never one of the generators' (2n).
SILENT_TIMER_OSC = docmod.OSCILLATORS - 1


def _beep_wave() -> bytes:
    """SysBeep's wave: a square wave of BEEP_HZ at the rate BEEP_FREQ plays it."""
    rate = docmod.DOC_CLOCK_HZ / (docmod.OSCILLATORS + 2) * BEEP_FREQ / 512
    n = docmod.table_bytes(BEEP_TABLE_CODE)
    half = (np.arange(n) * 2 * BEEP_HZ / rate).astype(int) % 2
    wave = np.where(half == 0, docmod.SILENCE + BEEP_AMPLITUDE, docmod.SILENCE - BEEP_AMPLITUDE)
    return bytes(wave.astype(np.uint8))


@dataclass(frozen=True)
class SoundLogEntry:
    """One sound started, as a host logs it."""
    ticks: int          # the machine's 60 Hz clock when it started
    address: int        # wave RAM address of its table
    length: int         # bytes in the wave (up to its stop byte or the table's end)
    frequency: int      # DOC frequency register (bytes/period * 512 at resolution = size)
    volume: int         # DOC volume 0..255
    system_volume: int  # 0..15


@tool_state("snd")
class SoundTools:
    """The Sound Tool Set's state over the machine's DOC (a private one without a
    machine, so the core is testable without the CPU)."""

    def __init__(self, tb) -> None:
        self.tb = tb
        machine = tb.machine
        self.doc: docmod.DOC = machine.doc if machine is not None else docmod.DOC()
        self.doc.listener = self._on_doc
        self.started = False
        self.beeps = 0
        self.gen_volume = [0xFF] * GENERATORS
        self.next_block = [0] * GENERATORS   # nextWavePtr to start when a wave ends
        self._jump_table = 0
        self._ram_next = 0              # ReadNext/WriteNext address
        self._beep_loaded = False
        self.user_irq = 0               # SetUserSoundIRQV's routine

    # -- the system volume (the Control Panel's Sound panel calls these) -----------------
    @property
    def system_volume(self) -> int:
        return self.doc.system_volume

    def set_system_volume(self, volume: int) -> None:
        """The Sound GLU volume 0..15 (clamped)."""
        self.doc.system_volume = max(0, min(docmod.SYSTEM_VOLUME_MAX, int(volume)))

    # -- time -------------------------------------------------------------------------
    def sync(self) -> None:
        """Bring the DOC up to the machine's emulated time; start chained waves; hand
        the host's mixer a sound a program changed through the GLU (once a tick)."""
        machine = self.tb.machine
        if machine is None:
            return
        doc = self.doc
        doc.catch_up(machine.elapsed_cycles)
        if doc.changed:
            doc.changed = False
            host = self.tb.host
            if host is not None and hasattr(host, "play_doc"):
                host.play_doc(doc)
        for gen in range(GENERATORS):
            if self.next_block[gen] and not doc.playing(2 * gen):
                block, self.next_block[gen] = self.next_block[gen], 0
                self.ff_start(gen, block)

    def tick(self) -> None:
        """The machine's tick: `sync`, then the host's mixer may top up a sound that
        streams (`feed_doc`: the next chunk of one that runs free)."""
        self.sync()
        host = self.tb.host
        if host is not None and hasattr(host, "feed_doc"):
            host.feed_doc(self.doc)

    def _on_doc(self, event: str, doc: docmod.DOC, start: docmod.OscillatorStart | None) -> None:
        host = self.tb.host
        if host is None:
            return
        if start is not None and start.oscillator == SILENT_TIMER_OSC:
            return                      # the Note Synthesizer's clock, not a sound
        if event == "start" and hasattr(host, "sound_started"):
            length = self._wave_length(start)
            host.sound_started(SoundLogEntry(self._ticks(), start.address, length,
                                             start.frequency, start.volume,
                                             doc.system_volume))
        if hasattr(host, "play_doc"):
            host.play_doc(doc)

    def _wave_length(self, start: docmod.OscillatorStart) -> int:
        data = self.doc.ram[start.address:start.address + start.length]
        stop = data.find(docmod.STOP_BYTE)
        return start.length if stop < 0 else stop

    def _ticks(self) -> int:
        machine = self.tb.machine
        return int(machine.ticks) if machine is not None else 0

    # -- wave RAM -----------------------------------------------------------------------
    def _check_range(self, doc_start: int, count: int) -> None:
        if doc_start + count > docmod.WAVE_RAM_SIZE:
            raise ToolError(DOC_ADDR_RNG_ERR, f"DOC ${doc_start:04X}+{count} past 64 KB")

    def write_ram(self, src: int, doc_start: int, count: int) -> None:
        self._check_range(doc_start, count)
        self.doc.ram[doc_start:doc_start + count] = read_bytes(self.tb.mem, src, count)

    def read_ram(self, dest: int, doc_start: int, count: int) -> None:
        self._check_range(doc_start, count)
        write_bytes(self.tb.mem, dest, bytes(self.doc.ram[doc_start:doc_start + count]))

    # -- the free-form synthesizer --------------------------------------------------------
    def generator_playing(self, gen: int) -> bool:
        self.sync()
        return self.doc.playing(2 * gen) or bool(self.next_block[gen])

    def ff_start(self, gen: int, block: int, halted: bool = False) -> None:
        """FFStartSound's core for generator `gen` and the SoundParamBlock at `block`
        (`halted`: FFSetUpSound's, all set but the oscillator left halted)."""
        mem = self.tb.mem
        wave = read_long(mem, block + PB_WAVE_START) & 0xFFFFFF
        size = read_word(mem, block + PB_WAVE_SIZE) * 0x100
        freq = read_word(mem, block + PB_FREQ_OFFSET)
        buffer = read_word(mem, block + PB_DOC_BUFFER) & 0xFF00
        volume = read_word(mem, block + PB_VOL_SETTING) & 0xFF
        code = next((c for c in TABLE_CODES if docmod.table_bytes(c) >= size), None)
        if size == 0 or code is None or buffer & (docmod.table_bytes(code) - 1):
            raise ToolError(DOC_ADDR_RNG_ERR, f"wave of {size} bytes at DOC ${buffer:04X}")
        self._check_range(buffer, size)
        doc = self.doc
        doc.ram[buffer:buffer + size] = read_bytes(mem, wave, size)
        if size < docmod.table_bytes(code):
            doc.ram[buffer + size] = docmod.STOP_BYTE
        self.next_block[gen] = read_long(mem, block + PB_NEXT_WAVE) & 0xFFFFFF
        self._start_oscillator(2 * gen, buffer, code, freq,
                               volume * self.gen_volume[gen] // 0xFF, halted)

    def _start_oscillator(self, osc: int, buffer: int, code: int, freq: int,
                          volume: int, halted: bool = False) -> None:
        doc = self.doc
        doc.write_register(docmod.REG_FREQ_LO + osc, freq & 0xFF)
        doc.write_register(docmod.REG_FREQ_HI + osc, freq >> 8)
        doc.write_register(docmod.REG_VOLUME + osc, volume)
        doc.write_register(docmod.REG_POINTER + osc, buffer >> 8)
        # resolution = table size: one byte per 512 of frequency, whatever the size
        doc.write_register(docmod.REG_TABLE + osc, (code << 3) | code)
        doc.write_register(docmod.REG_CONTROL + osc, docmod.MODE_ONE_SHOT << 1
                           | (docmod.CTL_HALT if halted else 0))

    def ff_stop(self, mask: int) -> None:
        self.sync()
        for gen in range(GENERATORS):
            if mask >> gen & 1:
                self.next_block[gen] = 0
                osc = 2 * gen
                if self.doc.playing(osc):
                    ctl = self.doc.regs[docmod.REG_CONTROL + osc]
                    self.doc.write_register(docmod.REG_CONTROL + osc, ctl | docmod.CTL_HALT)

    def require_started(self) -> None:
        if not self.started:
            raise ToolError(NO_SAPP_INIT_ERR, "SoundStartUp has not been called")

    @staticmethod
    def check_generator(gen: int) -> None:
        if gen >= GENERATORS:
            raise ToolError(INVAL_GEN_NUM_ERR, f"generator {gen}")

    # -- interrupts -------------------------------------------------------------------
    def set_user_irq(self, vector: int) -> int:
        """SetUserSoundIRQV's core: the old vector; the firmware's sound handler is
        this set's while a user routine is set."""
        old, self.user_irq = self.user_irq, vector
        irq = getattr(self.tb.machine, "interrupts", None)
        if irq is not None:
            if vector:
                irq.set_firmware("sound", self.sound_interrupt)
            elif irq.firmware.get("sound") == self.sound_interrupt:
                irq.firmware.pop("sound")
        return old

    def sound_interrupt(self) -> None:
        """The sound interrupt: the DOC's interrupt register read (taking the
        interrupt), then the user's routine called with it."""
        machine = self.tb.machine
        status = self.doc.read_register(docmod.REG_INTERRUPT)
        if self.user_irq and machine is not None:
            machine.call(self.user_irq, a=status, d=0, dbr=0, p=0x30,
                         stack=machine.stack_pointer)

    # -- SysBeep ----------------------------------------------------------------------
    def beep(self) -> None:
        """One alert beep (SysBeep) through the DOC at the system volume; at volume 0
        (the Control Panel's, or a program's SetSoundVolume) nothing is heard, so
        nothing is started, counted or told to the host."""
        if self.doc.system_volume == 0:
            return
        self.beeps += 1
        host = self.tb.host
        if host is not None and hasattr(host, "beep"):
            host.beep()
        self.sync()
        self.load_beep_wave()
        self.ff_stop(1 << BEEP_GENERATOR)
        self._start_oscillator(2 * BEEP_GENERATOR, BEEP_DOC_ADDRESS, BEEP_TABLE_CODE,
                               BEEP_FREQ, BEEP_VOLUME)

    def load_beep_wave(self) -> None:
        """SysBeep's wave into the top 1 KB of wave RAM (once): the beep plays it, and
        the Note Synthesizer's silent timer oscillator reads it (it has no $00)."""
        if not self._beep_loaded:
            wave = _beep_wave()
            self.doc.ram[BEEP_DOC_ADDRESS:BEEP_DOC_ADDRESS + len(wave)] = wave
            self._beep_loaded = True

    # -- GetTableAddress's jump table ---------------------------------------------------
    def jump_table(self) -> int:
        """The table GetTableAddress returns, made once: the low-level routines as trap
        stubs (WDM n; RTL), and the oscillator, generator and GCB tables."""
        if self._jump_table:
            return self._jump_table
        machine = self.tb.machine
        if machine is None:
            raise ToolError(NO_DOC_FND_ERR, "no machine: no low-level routines")
        mm, mem = self.tb.mm, self.tb.mem
        size = JUMP_TABLE_SIZE + 6 * 4 + docmod.OSCILLATORS + 2 * GENERATORS * 2
        base = mm.deref(mm.new_handle(size, 0x4000, 0xC000))
        stubs = base + JUMP_TABLE_SIZE
        routines = {SM_READ_REGISTER: self._ll_read_register,
                    SM_WRITE_REGISTER: self._ll_write_register,
                    SM_READ_RAM: self._ll_read_ram, SM_WRITE_RAM: self._ll_write_ram,
                    SM_READ_NEXT: self._ll_read_next, SM_WRITE_NEXT: self._ll_write_next}
        for i, (offset, handler) in enumerate(routines.items()):
            stub = stubs + 4 * i
            machine.trap(stub, handler)
            mem[stub + 2] = RTL
            write_bytes(mem, base + offset, stub.to_bytes(4, "little"))
        osc_table = stubs + 4 * len(routines)
        gen_table = osc_table + docmod.OSCILLATORS
        gcb_table = gen_table + 2 * GENERATORS
        for offset, addr in ((SM_OSC_TABLE, osc_table), (SM_GEN_TABLE, gen_table),
                             (SM_GCB_ADDR_TABLE, gcb_table),
                             (SM_DISABLE_INC, stubs + 4 * 4)):   # = ReadNext: no-op-safe
            write_bytes(mem, base + offset, addr.to_bytes(4, "little"))
        for gen in range(GENERATORS):         # oscillator -> its generator
            mem[osc_table + 2 * gen] = mem[osc_table + 2 * gen + 1] = gen
        self._jump_table = base
        return base

    # Low-level routines (this model's register conventions, 16-bit A/X):
    #   ReadRegister  X = register          -> A = value
    #   WriteRegister X = register, A = value
    #   ReadRam       X = DOC address       -> A = byte; ReadNext: the following byte
    #   WriteRam      X = DOC address, A = byte; WriteNext: at the following address
    def _ll_read_register(self, cpu) -> None:
        self.sync()
        cpu.a = self.doc.read_register(cpu.x & 0xFF)

    def _ll_write_register(self, cpu) -> None:
        self.sync()
        self.doc.write_register(cpu.x & 0xFF, cpu.a & 0xFF)

    def _ll_read_ram(self, cpu) -> None:
        self._ram_next = cpu.x & 0xFFFF
        self._ll_read_next(cpu)

    def _ll_read_next(self, cpu) -> None:
        cpu.a = self.doc.ram[self._ram_next]
        self._ram_next = (self._ram_next + 1) & 0xFFFF

    def _ll_write_ram(self, cpu) -> None:
        self._ram_next = cpu.x & 0xFFFF
        self._ll_write_next(cpu)

    def _ll_write_next(self, cpu) -> None:
        self.doc.ram[self._ram_next] = cpu.a & 0xFF
        self._ram_next = (self._ram_next + 1) & 0xFFFF


def _snd(tb) -> SoundTools:
    return tb.snd


# -- tool calls (Toolbox Reference vol. 2, chapter 21; numbers from Sound.p) ------------

@tool(0x08, 0x02, "W")
def SoundStartUp(tb, dpage: int) -> None:
    """SoundStartUp(dPageAddr:W) -- sndAlreadyStrtErr when already started."""
    snd = _snd(tb)
    if snd.started:
        raise ToolError(SND_ALREADY_STRT_ERR, "sound tools already started")
    snd.started = True


@tool(0x08, 0x03)
def SoundShutDown(tb) -> None:
    """SoundShutDown() -- every generator stops."""
    snd = _snd(tb)
    snd.ff_stop((1 << GENERATORS) - 1)
    snd.started = False


@tool(0x08, 0x04, "", 2)
def SoundVersion(tb) -> int:
    """SoundVersion() -> versionInfo:W"""
    return SOUND_VERSION


@tool(0x08, 0x05)
def SoundReset(tb) -> None:
    """SoundReset() -- every generator stops; volumes back to full."""
    snd = _snd(tb)
    snd.ff_stop((1 << GENERATORS) - 1)
    snd.gen_volume = [0xFF] * GENERATORS


@tool(0x08, 0x06, "", 2)
def SoundToolStatus(tb) -> int:
    """SoundToolStatus() -> activeFlag:W"""
    return int(_snd(tb).started)


@tool(0x08, 0x09, "LWW")
def WriteRamBlock(tb, src: int, doc_start: int, count: int) -> None:
    """WriteRamBlock(srcPtr:L, docStart:W, byteCount:W) -- docAddrRngErr past 64 KB."""
    snd = _snd(tb)
    snd.require_started()
    snd.write_ram(src, doc_start, count)


@tool(0x08, 0x0A, "LWW")
def ReadRamBlock(tb, dest: int, doc_start: int, count: int) -> None:
    """ReadRamBlock(destPtr:L, docStart:W, byteCount:W) -- docAddrRngErr past 64 KB."""
    snd = _snd(tb)
    snd.require_started()
    snd.read_ram(dest, doc_start, count)


@tool(0x08, 0x0B, "", 4)
def GetTableAddress(tb) -> int:
    """GetTableAddress() -> jumpTablePtr:L (Sound.p's smReadRegister .. smDisableInc)"""
    snd = _snd(tb)
    snd.require_started()
    return snd.jump_table()


@tool(0x08, 0x0C, "W", 2)
def GetSoundVolume(tb, gen: int) -> int:
    """GetSoundVolume(genNumber:W) -> volume:W (genNumber >= 15: the system volume, in
    the high nibble of the low byte)"""
    snd = _snd(tb)
    if gen >= SYSTEM_VOLUME_GEN:
        return snd.system_volume << 4
    return snd.gen_volume[gen]


@tool(0x08, 0x0D, "WW")
def SetSoundVolume(tb, volume: int, gen: int) -> None:
    """SetSoundVolume(volume:W, genNumber:W) (genNumber >= 15: the system volume, from
    the high nibble of the low byte)"""
    snd = _snd(tb)
    if gen >= SYSTEM_VOLUME_GEN:
        snd.set_system_volume((volume & 0xFF) >> 4)
    else:
        snd.gen_volume[gen] = volume & 0xFF


def _free_generator(snd: SoundTools, gen_mode: int) -> int:
    """The generator of a genNumFFSynth word, checked as FFStartSound checks it."""
    snd.require_started()
    gen = gen_mode >> 8
    snd.check_generator(gen)
    if gen_mode & 0xFF != FF_SYNTH_MODE:
        raise ToolError(SYNTH_MODE_ERR, f"mode ${gen_mode & 0xFF:02X}")
    if snd.generator_playing(gen):
        raise ToolError(GEN_BUSY_ERR, f"generator {gen} is playing")
    return gen


@tool(0x08, 0x0E, "WL")
def FFStartSound(tb, gen_mode: int, block: int) -> None:
    """FFStartSound(genNumFFSynth:W, pBlockPtr:L) -- high byte the generator (0..14), low
    byte ffSynthMode; invalGenNumErr, synthModeErr, genBusyErr, docAddrRngErr."""
    snd = _snd(tb)
    snd.ff_start(_free_generator(snd, gen_mode), block & 0xFFFFFF)


@tool(0x08, 0x0F, "W")
def FFStopSound(tb, gen_mask: int) -> None:
    """FFStopSound(genMask:W) -- bit n stops generator n."""
    snd = _snd(tb)
    snd.require_started()
    snd.ff_stop(gen_mask)


@tool(0x08, 0x10, "", 2)
def FFSoundStatus(tb) -> int:
    """FFSoundStatus() -> playingStatus:W (bit n: generator n is playing)"""
    snd = _snd(tb)
    return sum(1 << g for g in range(GENERATORS) if snd.generator_playing(g))


@tool(0x08, 0x11, "W", 2)
def FFGeneratorStatus(tb, gen: int) -> int:
    """FFGeneratorStatus(genNumber:W) -> genStatus:W (ffSynth while it plays, else
    genAvail)"""
    snd = _snd(tb)
    snd.check_generator(gen)
    return FF_SYNTH if snd.generator_playing(gen) else GEN_AVAIL


@tool(0x08, 0x14, "W", 2)
def FFSoundDoneStatus(tb, gen: int) -> int:
    """FFSoundDoneStatus(genNumber:W) -> Boolean:W (TRUE once the generator has finished)"""
    snd = _snd(tb)
    snd.check_generator(gen)
    return 0 if snd.generator_playing(gen) else TRUE


# -- the rest of the Sound Tool Set (Toolbox Reference vol. 2 ch. 21 and vol. 3; Sound.p)

@tool(0x08, 0x01)
def SoundBootInit(tb) -> None:
    """SoundBootInit() -- the ROM's start-up work; nothing is left to do here."""


@tool(0x08, 0x15, "WL")
def FFSetUpSound(tb, gen_mode: int, block: int) -> None:
    """FFSetUpSound(genNumFFSynth:W, pBlockPtr:L) -- as FFStartSound, with the
    oscillator left halted until FFStartPlaying."""
    snd = _snd(tb)
    snd.ff_start(_free_generator(snd, gen_mode), block & 0xFFFFFF, halted=True)


@tool(0x08, 0x16, "W")
def FFStartPlaying(tb, gen_word: int) -> None:
    """FFStartPlaying(genWord:W) -- bit n starts generator n's oscillator, set up by
    FFSetUpSound (a generator already playing, or never set up, is left alone)."""
    snd = _snd(tb)
    snd.require_started()
    doc = snd.doc
    for gen in range(GENERATORS):
        osc = 2 * gen
        control = doc.regs[docmod.REG_CONTROL + osc]
        if gen_word >> gen & 1 and control & docmod.CTL_HALT \
                and doc.regs[docmod.REG_TABLE + osc] | doc.regs[docmod.REG_POINTER + osc]:
            doc.write_register(docmod.REG_CONTROL + osc, control & ~docmod.CTL_HALT)


# DocRegParamBlk (Sound.p): oscGenType:W, then for each oscillator of the generator
# (2n, then 2n + 1) freqLow, freqHigh, vol, tablePtr, control, tableSize (a byte each).
DOC_REG_FIELDS = (docmod.REG_FREQ_LO, docmod.REG_FREQ_HI, docmod.REG_VOLUME,
                  docmod.REG_POINTER, docmod.REG_CONTROL, docmod.REG_TABLE)


def _doc_reg_generator(tb, block: int) -> int:
    """The generator oscGenType's low byte names (invalGenNumErr past 14)."""
    gen = tb.mem[block & 0xFFFFFF] & 0xFF
    SoundTools.check_generator(gen)
    return gen


@tool(0x08, 0x17, "L")
def SetDOCReg(tb, block: int) -> None:
    """SetDOCReg(pDocRegParamBlk:L) -- the two oscillators' registers of the generator
    in oscGenType's low byte; each control register is written last, so an oscillator
    starts with all its other registers set."""
    gen = _doc_reg_generator(tb, block)
    doc, mem = _snd(tb).doc, tb.mem
    for pair in range(2):
        osc, base = 2 * gen + pair, (block & 0xFFFFFF) + 2 + 6 * pair
        fields = dict(zip(DOC_REG_FIELDS, mem[base:base + 6]))
        for reg in DOC_REG_FIELDS:
            if reg != docmod.REG_CONTROL:
                doc.write_register(reg + osc, fields[reg])
        doc.write_register(docmod.REG_CONTROL + osc, fields[docmod.REG_CONTROL])


@tool(0x08, 0x18, "L")
def ReadDOCReg(tb, block: int) -> None:
    """ReadDOCReg(pDocRegParamBlk:L) -- the registers of the generator oscGenType names
    into the block."""
    gen = _doc_reg_generator(tb, block)
    snd = _snd(tb)
    snd.sync()
    for pair in range(2):
        osc = 2 * gen + pair
        write_bytes(tb.mem, (block & 0xFFFFFF) + 2 + 6 * pair,
                    bytes(snd.doc.regs[reg + osc] for reg in DOC_REG_FIELDS))


SOUND_VECTOR = 0x0B                 # SetVector's sndIntHnd: the sound interrupt's


@tool(0x08, 0x12, "L")
def SetSoundMIRQV(tb, vector: int) -> None:
    """SetSoundMIRQV(sMasterIRQ:L) -- the sound interrupt's master handler: the
    firmware's sound vector ($0B) jumps there."""
    irq = getattr(tb.machine, "interrupts", None)
    if irq is not None:
        irq.set_vector(SOUND_VECTOR, vector)


@tool(0x08, 0x13, "L", 4)
def SetUserSoundIRQV(tb, vector: int) -> int:
    """SetUserSoundIRQV(userIRQVector:L): oldIRQVector:L -- the routine the Sound Tool
    Set's interrupt handler calls for a DOC interrupt: JSL with 8-bit registers and A
    the DOC's interrupt register ($E0, read: bits 5-1 the oscillator); 0 removes it."""
    return _snd(tb).set_user_irq(vector & 0xFFFFFF)
