* Programs that touch the IIGS hardware directly (Apple IIGS Hardware Reference):
* the keyboard latch, NEWVIDEO/SHADOW/STATEREG, RAMRD/RAMWRT, the VBL status and
* counters, and an I/O address nothing answers. Routines for Machine.call: each
* expects full native mode (M = X = 0), B = its own bank, and returns with RTL.

        CASE    ON

* Soft switches (Hardware Reference, appendix C), reached through bank $E0 or $00.
KBD      EQU    $E0C000         ; key in bits 0-6, strobe in bit 7
KBDSTRB  EQU    $00C010         ; access clears the strobe
RDMAIN   EQU    $00C002         ; write: RAMRD off
RDCARD   EQU    $00C003         ; write: RAMRD on
WRMAIN   EQU    $00C004         ; write: RAMWRT off
WRCARD   EQU    $00C005         ; write: RAMWRT on
RDRAMRD  EQU    $00C013         ; bit 7: RAMRD on
RDRAMWRT EQU    $00C014         ; bit 7: RAMWRT on
RDVBLBAR EQU    $E0C019         ; bit 7: in vertical blanking
NEWVIDEO EQU    $E0C029
VERTCNT  EQU    $E0C02E         ; vertical counter bits 8-1 (HORIZCNT follows)
CLOCKCTL EQU    $E0C034         ; bits 0-3: border colour
SHADOW   EQU    $01C035         ; the same register in every I/O bank
CYAREG   EQU    $E1C036
STATEREG EQU    $00C068
SLOT3IO  EQU    $E0C0B0         ; slot 3's device select: nothing answers here

NV_SHR   EQU    $C1             ; NEWVIDEO: Super Hi-Res, linear, bank latch
SH_NOSHR EQU    $08             ; SHADOW bit 3: inhibit Super Hi-Res shadowing
ST_RAMRW EQU    $30             ; STATEREG: RAMRD | RAMWRT

IoLib   PROC
        LONGA   ON
        LONGI   ON

* ReadKeys: poll the keyboard latch until Return, storing each key (bit 7 clear) in
* KeyBuf. Outputs: A = keys read (Return included). Clobbers X. 8-bit A inside.
ReadKeys
        SEP     #$20
        LONGA   OFF
        LDX     #0
@poll   LDA     >KBD            ; wait for the strobe
        BPL     @poll
        STA     >KBDSTRB        ; take the key: clear the strobe
        AND     #$7F
        STA     KeyBuf,X
        INX
        CMP     #$0D            ; until Return
        BNE     @poll
        REP     #$20
        LONGA   ON
        TXA
        RTL

* ShadowSHR: turn Super Hi-Res on (NEWVIDEO), shadowing on (SHADOW bit 3 clear) and
* RAMRD/RAMWRT off (STATEREG); fill bank $01 $2000-$20FF with the words 0, 2, 4...
* (B = $01) and read $E1:2042 back. Then inhibit shadowing, write $01:2044 and read
* $E1:2044 back. Outputs: A = $E1:2042, X = $E1:2044, Y = STATEREG.
ShadowSHR
        SEP     #$20
        LONGA   OFF
        LDA     #NV_SHR
        STA     >NEWVIDEO
        LDA     >SHADOW
        AND     #$FF-SH_NOSHR
        STA     >SHADOW
        LDA     >STATEREG
        AND     #$FF-ST_RAMRW
        STA     >STATEREG
        REP     #$20
        LONGA   ON
        PHB
        PEA     $0101           ; B = $01
        PLB
        PLB
        LDX     #0
@fill   TXA                     ; word X at $01:2000+X
        STA     $2000,X
        INX
        INX
        CPX     #$0100
        BNE     @fill
        SEP     #$20
        LONGA   OFF
        LDA     >SHADOW         ; now inhibit shadowing
        ORA     #SH_NOSHR
        STA     >SHADOW
        REP     #$20
        LONGA   ON
        LDA     #$BEEF
        STA     $2044           ; bank $01 only
        PLB
        LDA     >$E12044
        TAX
        SEP     #$20
        LONGA   OFF
        LDA     >SHADOW         ; shadowing back on
        AND     #$FF-SH_NOSHR
        STA     >SHADOW
        LDA     >STATEREG
        REP     #$20
        LONGA   ON
        AND     #$00FF
        TAY
        LDA     >$E12042
        RTL

* AuxMemory: with B = $00, RAMWRT on: store $5A at $3000 and the word $1234 at $2000
* (both land in bank $01; $2000 is shadowed to $E1); RAMWRT off. Then read $3000
* with RAMRD off and on. Outputs: A = (main $3000) | (aux $3000) << 8, X = the
* RDRAMWRT/RDRAMRD status bytes seen while each was on (low: RAMWRT, high: RAMRD),
* Y = the STATEREG byte seen with both on.
AuxMemory
        PHB
        PEA     $0000           ; B = $00
        PLB
        PLB
        SEP     #$20
        LONGA   OFF
        STA     >WRCARD         ; RAMWRT on
        LDA     #$5A
        STA     $3000
        LDA     >RDRAMWRT
        AND     #$80
        STA     >Status
        REP     #$20
        LONGA   ON
        LDA     #$1234
        STA     $2000
        SEP     #$20
        LONGA   OFF
        STA     >RDCARD         ; RAMRD on too
        LDA     >STATEREG
        STA     >State
        STA     >WRMAIN         ; RAMWRT off
        LDA     $3000           ; aux (RAMRD on)
        STA     >Seen+1
        LDA     >RDRAMRD
        AND     #$80
        STA     >Status+1
        STA     >RDMAIN         ; RAMRD off
        LDA     $3000           ; main
        STA     >Seen
        REP     #$20
        LONGA   ON
        PLB
        LDA     State
        AND     #$00FF
        TAY
        LDX     Status
        LDA     Seen
        RTL

* WaitVBL: wait for the end of a vertical blank, then for the next one to start;
* read the vertical and horizontal counters there (one 16-bit read: $C02E, $C02F).
* Outputs: A = VERTCNT | HORIZCNT << 8.
WaitVBL
        SEP     #$20
        LONGA   OFF
@out    LDA     >RDVBLBAR       ; still in a blank: wait for the picture
        BMI     @out
@in     LDA     >RDVBLBAR       ; wait for the blank
        BPL     @in
        REP     #$20
        LONGA   ON
        LDA     >VERTCNT
        RTL

* Registers: write the border colour and the speed register, read them back.
* Outputs: A = CLOCKCTL & $0F, X = CYAREG (read as a byte).
Registers
        SEP     #$20
        LONGA   OFF
        LDA     #$0B            ; border: light blue
        STA     >CLOCKCTL
        LDA     #$80            ; fast
        STA     >CYAREG
        LDA     >CYAREG
        REP     #$20
        LONGA   ON
        AND     #$00FF
        TAX
        LDA     >CLOCKCTL
        AND     #$000F
        RTL

* Floating: read slot 3's I/O twice (nothing answers there). Outputs: A = both bytes.
Floating
        SEP     #$20
        LONGA   OFF
        LDA     >SLOT3IO
        XBA
        LDA     >SLOT3IO
        REP     #$20
        LONGA   ON
        RTL

* PeiSlam: the stack blitter of IIGS games: RAMRD and RAMWRT on, the direct page on a
* source line at $3000 (read from bank $01 through RAMRD), the stack at the end of the
* screen line $2000-$2007; each PEI pushes a word of the source through RAMWRT into
* bank $01, shadowed to $E1. Restores D, S, B and the memory map. Clobbers A.
PeiSlam
        PHB
        PHD
        TSC
        STA     >SaveSP
        SEP     #$20
        LONGA   OFF
        LDA     >STATEREG
        ORA     #ST_RAMRW
        STA     >STATEREG
        REP     #$20
        LONGA   ON
        LDA     #$3000          ; D = the source line
        TCD
        LDA     #$2007          ; S = the last byte of the screen line
        TCS
        PEI     <$06            ; pushed high byte first: $2007 <- $3007, ...
        PEI     <$04
        PEI     <$02
        PEI     <$00
        SEP     #$20
        LONGA   OFF
        LDA     >STATEREG
        AND     #$FF-ST_RAMRW
        STA     >STATEREG
        REP     #$20
        LONGA   ON
        LDA     >SaveSP
        TCS
        PLD
        PLB
        RTL

KeyBuf  DS.B    16
SaveSP  DC.W    0
Seen    DC.W    0
Status  DC.W    0
State   DC.W    0
        ENDP
        END
