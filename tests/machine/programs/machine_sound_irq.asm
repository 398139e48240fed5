* A sound driver of the kind IIGS games carry, interrupt-driven: it sets the sound
* interrupt vector with SetVector ($0B), writes a 256-byte wave into DOC RAM through the
* Sound GLU, starts oscillators 5 and 6 together in one-shot mode with their interrupts
* enabled, waits for the first interrupt (WAI) and then spins with interrupts on (an
* oscillator started mid-slice has its interrupt's cycle known from the slice's end:
* WAI, or a start from the handler, makes every interrupt exact). Its handler reads the DOC's interrupt status
* ($E0) through the GLU to acknowledge one interrupt, keeps what it read, and starts
* oscillator 5 again while interrupts are still wanted. Oscillators 5 and 6 halt at the
* same DOC period: the handler reads $E0 once, so the line stays asserted for 6 and the
* handler runs again (level-triggered). TOTAL interrupts in all; then GS/OS Quit.
* Expects: full native mode (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'irq.macros'
        INCLUDE 'sound.macros'

OSC_A    EQU    5               ; restarted by the handler
OSC_B    EQU    6               ; plays once
STATUS_A EQU    OSC_A*2+$41     ; $E0 as read for oscillator 5
WAVE_LEN EQU    256             ; table size 0 (256 bytes) at DOC address 0
WAVE_BYTE EQU   $C0             ; not $00: a $00 would halt the oscillator
FREQ_LO  EQU    $00             ; frequency $0400: 128 DOC periods a pass
FREQ_HI  EQU    $04             ; (256 bytes << 9 / $400), resolution 0
VOLUME   EQU    $80
ONE_SHOT_IRQ EQU $0A            ; control: one-shot, interrupt on, halt bit clear
TOTAL    EQU    5               ; interrupts the driver waits for

Main    PROC
        _Launch
        _SoundStart Handler,WAVE_BYTE
        LDX     #OSC_A
        JSR     SetUp
        LDX     #OSC_B
        JSR     SetUp
        LDA     #ONE_SHOT_IRQ           ; both start, one after the other
        LDY     #DOC_CTL+OSC_A
        JSR     PokeReg
        LDY     #DOC_CTL+OSC_B
        JSR     PokeReg
        CLI
        WAI                             ; the first interrupt wakes it
@spin   INC     Spins                   ; the program's own work meanwhile
        LDA     Count
        CMP     #TOTAL
        BNE     @spin
        _QuitMasked QuitParms

* SetUp: oscillator X's frequency, volume, wavetable and size (8-bit A, X, Y).
* Clobbers A, Y.
        LONGA   OFF
        LONGI   OFF
SetUp   TXA
        CLC
        ADC     #DOC_FREQLO
        TAY
        LDA     #FREQ_LO
        JSR     PokeReg
        TXA
        CLC
        ADC     #DOC_FREQHI
        TAY
        LDA     #FREQ_HI
        JSR     PokeReg
        TXA
        CLC
        ADC     #DOC_VOLUME
        TAY
        LDA     #VOLUME
        JSR     PokeReg
        TXA
        CLC
        ADC     #DOC_PTR
        TAY
        LDA     #0                      ; the wave at DOC address 0
        JSR     PokeReg
        TXA
        CLC
        ADC     #DOC_SIZE
        TAY
        LDA     #0                      ; 256 bytes, resolution 0
        JSR     PokeReg
        RTS

* Handler: the sound interrupt (JSL from the firmware: native mode, 8-bit registers,
* D = 0, B = 0). Reads $E0 once (one fetch: the GLU fetches at every read of $C03D), keeps it in Status, counts, and starts oscillator 5
* again when that was its interrupt and more are wanted. Returns with carry clear.
* Clobbers A, X, Y (the firmware keeps them).
Handler _DocIrqEntry
        LDX     Count
        STA     Status,X
        INX
        STX     Count
        CMP     #STATUS_A
        BNE     @done
        CPX     #TOTAL
        BEQ     @done
        LDA     #ONE_SHOT_IRQ           ; oscillator 5 plays the wave again
        LDY     #DOC_CTL+OSC_A
        JSR     PokeReg
@done   PLB
        CLC
        RTL

        _SetModeRoutine
        _PokeRegRoutines

        LONGA   ON
        LONGI   ON
Count   DC.B    0               ; interrupts taken
ModeBits DC.B   0
Spins   DC.W    0               ; the main loop's passes (wraps)
Status  DS.B    TOTAL           ; $E0 as each interrupt's handler read it
QuitParms DC.W  2               ; pCount
        DC.L    0               ; pathname: none (back to the launcher)
        DC.W    0               ; flags
        ENDP
        END
