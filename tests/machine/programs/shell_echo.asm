* A shell program (ProDOS type $B5) that prints its command line, as ORCA/C's start-up
* code finds it: X (high word) and Y (low word) point to the 8-byte shell identifier
* "BYTEWRKS", then the command line as a C string. Then it draws on the 80-column
* screen with the firmware's control characters: "junk", a form feed (clear), the
* command line, Ctrl-^ to column 10 of row 5 and "X", Ctrl-O "INV" Ctrl-N. Quits.
* Without the identifier it prints "no command line".
* Expects: full native mode (the launch state).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'text.macros'

FORM_FEED       EQU     $0C
GOTO_XY         EQU     $1E             ; then column + 32, row + 32
INVERSE         EQU     $0F
NORMAL          EQU     $0E
ID_LENGTH       EQU     8

Main    PROC
        LONGA   ON
        LONGI   ON
        STY     <0                      ; the command line's pointer
        STX     <2
        PHK
        PLB
        _TextStartUp
        PEA     Junk>>16
        PEA     Junk
        _WriteCString
        PEA     FORM_FEED
        _WriteChar
        LDY     #ID_LENGTH-2            ; compare the identifier, a word at a time
Same    LDA     [<0],Y
        CMP     Ident,Y
        BNE     NoLine
        DEY
        DEY
        BPL     Same
        CLC                             ; the line starts after the identifier
        LDA     <0
        ADC     #ID_LENGTH
        TAX
        LDA     <2
        ADC     #0
        PHA
        PHX
        _WriteCString
        BRA     Draw
NoLine  PEA     NoneMsg>>16
        PEA     NoneMsg
        _WriteCString
Draw    PEA     Moves>>16
        PEA     Moves
        _WriteCString
        _GSOS   $2029,QuitP

Ident   DC.B    'BYTEWRKS'
Junk    DC.B    'junk',0
NoneMsg DC.B    'no command line',0
Moves   DC.B    GOTO_XY,10+32,5+32,'X',INVERSE,'INV',NORMAL,0
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
