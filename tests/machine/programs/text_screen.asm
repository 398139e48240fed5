* A program that shows the Apple II text screen instead of Super Hi-Res, as text
* programs do: NEWVIDEO bit 7 off, TXTSET, white text on dark blue (TBCOLOR $F2), an
* orange border (CLOCKCTL $09), and its first row written to text page 1: normal
* letters, an inverse word and, with the alternate set on, the MouseText open apple.
* With -d COLS=80 it sets 80VID and 80STORE and writes the even columns to the
* auxiliary bank (PAGE2 on) and the odd ones to main memory; with -d COLS=0 the screen
* is lo-res graphics over four text rows (TXTCLR, MIXSET) and the row's bytes are
* colour blocks. Then Quit.
* Expects: the launch state (full native mode).

        CASE    ON
        INCLUDE 'machine_tools.macros'

NEWVIDEO EQU    $E0C029
TXTSET  EQU     $E0C051
TXTCLR  EQU     $E0C050
MIXSET  EQU     $E0C053
TBCOLOR EQU     $E0C022
CLOCKCTL EQU    $E0C034
SET80STORE EQU  $E0C001
SET80VID EQU    $E0C00D
SETALTCHAR EQU  $E0C00F
TXTPAGE1 EQU    $E0C054
TXTPAGE2 EQU    $E0C055
ROW0    EQU     $000400                 ; text page 1, row 0

TextScreen PROC
        _Launch
        SEP     #$20
        LONGA   OFF
        LDA     #$01                    ; Super Hi-Res off (bank latch kept)
        STA     >NEWVIDEO
        STA     >TXTSET
        STA     >SETALTCHAR             ; MouseText in $40-$5F
        LDA     #$F2                    ; white on dark blue
        STA     >TBCOLOR
        LDA     #$09                    ; orange border
        STA     >CLOCKCTL
        IF      COLS = 0 THEN
        STA     >TXTCLR                 ; lo-res graphics
        STA     >MIXSET                 ;   over four rows of text
        ENDIF
        IF      COLS = 80 THEN
        STA     >SET80VID
        STA     >SET80STORE
        STA     >TXTPAGE2               ; aux bank: the even columns
        LDX     #0
Aux     LDA     AuxRow,X
        BEQ     AuxDone
        STA     >ROW0,X
        INX
        BRA     Aux
AuxDone STA     >TXTPAGE1               ; main bank: the odd columns
        ENDIF
        LDX     #0
Main    LDA     MainRow,X
        BEQ     MainDone
        STA     >ROW0,X
        INX
        BRA     Main
MainDone REP    #$20
        LONGA   ON
        _GSOS   $2029,QuitParms

QuitParms DC.W  0
* Screen codes: $80-$FF normal, $01-$1A inverse A-Z, $41 the open apple (ALTCHAR).
MainRow DC.B    $C8,$C5,$CC,$CC,$CF,$A0,$05,$16,$05,$0E,$A0,$41,$A0,$E1,$E2,$E3,0
AuxRow  DC.B    $D7,$CF,$D2,$CC,$C4,$A0,$09,$0E,$16,$A0,$41,0
        ENDP
        END
