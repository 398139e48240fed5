* A sound driver of the kind IIGS games carry: it drives the Ensoniq DOC through the
* Sound GLU itself (Apple IIGS Hardware Reference, chapter 5), with no Sound Tool Set.
* It writes a square wave into DOC RAM with auto-increment, reads it back, programs an
* oscillator, starts it in one-shot mode with its interrupt enabled, polls its halt bit
* and reads the interrupt status register. Routines for Machine.call: each expects full
* native mode (M = X = 0), B = its own bank, and returns with RTL.

        CASE    ON

        INCLUDE 'sound.macros'

OSC      EQU    5               ; the oscillator this driver plays on
WAVE_ADR EQU    $2000           ; the wave in DOC RAM (1 KB table: 1 KB aligned)
WAVE_LEN EQU    1024
HALF_PERIOD EQU $20             ; the square wave: 32 bytes high, 32 low
HIGH     EQU    $C0
LOW      EQU    $40
FREQ_LO  EQU    $00             ; frequency 256: half a byte per DOC period at
FREQ_HI  EQU    $01             ; resolution = table size
WAVE_PAGE EQU   $20             ; the wavetable pointer: WAVE_ADR's high byte
SIZE_RES EQU    $12             ; table size 2 (1 KB) in bits 3-5, resolution 2
ONE_SHOT_IRQ EQU $0A            ; control: mode 1 (one-shot) in bits 1-2, interrupt on
MAX_POLLS EQU   $FFFF

GluLib  PROC
        LONGA   ON
        LONGI   ON

* GluPlay: write the square wave to DOC RAM, read it back into ReadBack, play it once on
* oscillator OSC at the volume in A and wait for the oscillator to halt.
* Inputs: A = oscillator volume (0-255). Outputs: A = the interrupt status register read
* twice (low byte the first read, high byte the second), X = halt polls made (0: the
* oscillator never halted), Y = SOUNDCTL as read at the end. Clobbers ModeBits, Volume.
GluPlay
        SEP     #$20
        LONGA   OFF
        STA     Volume
        LDA     #GLU_RAM+GLU_INC        ; DOC RAM, auto-increment
        JSR     SetMode
        LDY     #WAVE_ADR
        JSR     SetAddress
        LDY     #0
@wave   TYA                             ; the low byte of the offset
        AND     #HALF_PERIOD
        BEQ     @low
        LDA     #HIGH
        BRA     @put
@low    LDA     #LOW
@put    STA     >SOUNDDATA
        INY
        CPY     #WAVE_LEN
        BNE     @wave
        REP     #$20
        LONGA   ON
        LDA     #WAVE_ADR
        JSR     GluReadSub
        SEP     #$20
        LONGA   OFF
        LDA     #0                      ; DOC registers, no auto-increment
        JSR     SetMode
        LDA     #ALL_OSCS
        LDY     #DOC_ENABLE
        JSR     PokeReg
        LDA     #FREQ_LO
        LDY     #DOC_FREQLO+OSC
        JSR     PokeReg
        LDA     #FREQ_HI
        LDY     #DOC_FREQHI+OSC
        JSR     PokeReg
        LDA     Volume
        LDY     #DOC_VOLUME+OSC
        JSR     PokeReg
        LDA     #WAVE_PAGE
        LDY     #DOC_PTR+OSC
        JSR     PokeReg
        LDA     #SIZE_RES
        LDY     #DOC_SIZE+OSC
        JSR     PokeReg
        LDA     #ONE_SHOT_IRQ           ; halt bit clear: it starts
        LDY     #DOC_CTL+OSC
        JSR     PokeReg
* Poll the control register: the first read is the dummy read.
        LDY     #DOC_CTL+OSC
        JSR     SetAddress
        LDA     >SOUNDDATA
        LDX     #0
@poll   INX
        CPX     #MAX_POLLS
        BEQ     @gaveup
        LDA     >SOUNDDATA
        AND     #1                      ; the halt bit
        BEQ     @poll
        BRA     @status
@gaveup LDX     #0
* The interrupt status: a dummy read fetches it (and clears it), the next read returns
* it and fetches it again.
@status LDY     #DOC_IRQ
        JSR     SetAddress
        LDA     >SOUNDDATA
        LDA     >SOUNDDATA
        XBA
        LDA     >SOUNDDATA
        XBA
        REP     #$20
        LONGA   ON
        PHA
        LDA     >SOUNDCTL
        AND     #$00FF
        TAY
        PLA
        RTL

* GluRead: read WAVE_LEN bytes of DOC RAM from the address in A into ReadBack through
* the GLU. Inputs: A = DOC address. Outputs: none. Clobbers A, X, Y, ModeBits.
GluRead
        JSR     GluReadSub
        RTL

* GluReadSub: GluRead's work, for JSR (16-bit A and X on entry and exit).
GluReadSub
        TAY
        SEP     #$20
        LONGA   OFF
        LDA     #GLU_RAM+GLU_INC
        JSR     SetMode
        JSR     SetAddress
        LDA     >SOUNDDATA              ; the dummy read
        LDX     #0
@read   LDA     >SOUNDDATA
        STA     ReadBack,X
        INX
        CPX     #WAVE_LEN
        BNE     @read
        REP     #$20
        LONGA   ON
        RTS

        _SetModeRoutine

* SetAddress: the GLU's address from Y (16-bit: $C03E then $C03F). 8-bit A on entry
* and exit. Clobbers the high byte of A.
SetAddress
        LONGA   OFF
        PHA
        REP     #$20
        LONGA   ON
        TYA
        STA     >SOUNDADR
        SEP     #$20
        LONGA   OFF
        PLA
        RTS

* PokeReg: DOC register Y = A (8-bit), with auto-increment off. Clobbers nothing.
PokeReg
        JSR     SetAddress
        STA     >SOUNDDATA
        RTS

        LONGA   ON
Volume   DS.B   1
ModeBits DS.B   1
ReadBack DS.B   WAVE_LEN
        ENDP
        END
