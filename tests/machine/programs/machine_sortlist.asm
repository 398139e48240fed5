* SortList as a program uses it (issue 49): two lists of the same card games in a
* modal dialog, made by CreateList; the first sorted by SortList with the program's
* own comparison routine (the shorter name first), the second by SortList2 with no
* routine (the List Manager's order, alphabetical). The routine counts its calls.
* Expects the launch state (A = user ID).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'list.macros'

* _GameList top,left,bottom,right,members: a ListRec for six card games' names: the
* rectangle, listSize 6, listView 6, listType 0 (Pascal strings), listStart 1,
* listCtl/listDraw 0, listMemHeight 10, listMemSize 6, listPointer members, listRefCon
* and listScrollClr 0.
        MACRO
&lab    _GameList &top,&left,&bottom,&right,&members
&lab    DC.W    &top,&left,&bottom,&right
        DC.W    6,6,0,1
        DC.L    0,0
        DC.W    10,6
        DC.L    &members,0,0
        MEND

* _CardGames: the six member records (memPtr, memFlag 0, the original place), in the
* order CreateList gets them. Each list has its own: SortList reorders them in place.
        MACRO
&lab    _CardGames
&lab    DC.L    Hollywood
        DC.B    0,1
        DC.L    Gin
        DC.B    0,2
        DC.L    Oklahoma
        DC.B    0,3
        DC.L    Knock
        DC.B    0,4
        DC.L    Tens
        DC.B    0,5
        DC.L    Spades
        DC.B    0,6
        MEND

SortList PROC
        _Launch
        STA     UserID
        _Tool   $0201                   ; TLStartUp
        _StartUpTools UserID,Tools,StartErr

        _NewModalDialog Bounds,Dialog
        _CreateList Dialog,ByLenList
        PLA
        PLA
        _CreateList Dialog,ByNameList    ; listCtl
        PLA
        STA     NameCtl
        PLA
        STA     NameCtl+2

        PEA     ByLength>>16            ; SortList(@ByLength, @ByLenList)
        PEA     ByLength
        PEA     ByLenList>>16
        PEA     ByLenList
        _Tool   $0A1C
        PEA     0                       ; SortList2(nil, listCtl)
        PEA     0
        LDA     NameCtl+2
        PHA
        LDA     NameCtl
        PHA
        _Tool   $151C

        _CloseDialog Dialog
        _ShutDownTools Tools
        _GSOS   $2029,QuitP
        BRK     $00

* ByLength: the comparison routine. Called by JSL with two member record pointers on
* the stack (the first member's deeper) above the return address; removes them and
* answers with the carry clear when the first member's name is shorter than the
* second's, set when it is not. Counts its calls in Calls. Clobbers A, X, Y.
LOCALS  EQU     4                       ; a long pointer at D+1
M2      EQU     LOCALS+1+2+1+3          ; after the locals, D, B and the return address
M1      EQU     M2+4
ByLength PHB
        PHK
        PLB
        PHD
        PEA     0
        PEA     0
        TSC
        TCD
        INC     Calls
        LDA     [M2]                    ; the second member's memPtr
        STA     1
        LDY     #2
        LDA     [M2],Y
        STA     3
        SEP     #$20
        LONGA   OFF
        LDA     [1]                     ; its length byte
        STA     Len2
        REP     #$20
        LONGA   ON
        LDA     [M1]                    ; the first member's memPtr
        STA     1
        LDA     [M1],Y
        STA     3
        SEP     #$20
        LONGA   OFF
        LDA     [1]
        CMP     Len2                    ; carry clear: the first is shorter
        REP     #$20
        LONGA   ON
        LDX     #0
        BCC     Answered
        INX
Answered PLA                            ; the locals, D and B back
        PLA
        PLD
        PLB
        LDA     2,S                     ; the return address over the parameters
        STA     10,S
        LDA     1,S
        STA     9,S
        TSC
        CLC
        ADC     #8
        TCS
        CPX     #1                      ; the answer in the carry
        RTL

UserID  DC.W    0
StartErr DC.W   $FFFF
Dialog  DC.L    0
NameCtl DC.L    0
Calls   DC.W    0
Len2    DC.B    0

* The StartStopRecord: flags, videoMode (640), resFileID, dPageHandle, the tools.
Tools   DC.W    0
        DC.W    $0080
        DC.W    0
        DC.L    0
        DC.W    11
        DC.W    $01,0,$02,0,$03,0,$04,0,$06,0,$0E,0,$10,0
        DC.W    $0F,0,$14,0,$15,0,$1C,0

Bounds  DC.W    30,100,130,500          ; the dialog, global

* Two ListRecs (listRect, listSize, listView, listType (Pascal strings), listStart,
* listCtl, listDraw, listMemHeight, listMemSize, listPointer, listRefCon,
* listScrollClr); member records of six bytes: memPtr, memFlag, the original place.
ByLenList _GameList 10,20,72,190,ByLen
ByNameList _GameList 10,210,72,380,ByName
ByLen   _CardGames
ByName  _CardGames
Hollywood DC.B  9,'Hollywood'
Gin     DC.B    3,'Gin'
Oklahoma DC.B   8,'Oklahoma'
Knock   DC.B    5,'Knock'
Tens    DC.B    4,'Tens'
Spades  DC.B    6,'Spades'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
