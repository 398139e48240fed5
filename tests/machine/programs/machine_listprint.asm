* A desktop program of issue 49's kind: StartUpTools with a tool table that names the
* Print Manager, List Manager, Note Synthesizer, Note Sequencer, ACE, Video Overlay and
* MIDI Synth; each set's Status kept; a modal dialog with a list of file types made by
* CreateList, run by ModalDialog (the user scrolls, picks a member, presses Return);
* the member chosen read back with ResetMember2; then a page printed: PrDefault,
* PrJobDialog, PrOpenDoc, PrOpenPage, QuickDraw into the printer's port, PrClosePage,
* PrCloseDoc; ShutDownTools and GS/OS Quit. Expects the launch state (A = user ID).

        CASE    ON
        INCLUDE 'machine_tools.macros'
        INCLUDE 'list.macros'

BUTTON_ITEM     EQU     $000A
PR_REC_SIZE     EQU     $008C
NEW_SETS        EQU     7               ; the tool sets whose Status is kept

ListPrint PROC
        _Launch
        STA     UserID
        _Tool   $0201                   ; TLStartUp
        _StartUpTools UserID,Tools,StartErr

* Status of each new set: Print, List, Note Synth, Note Seq, ACE, Video Overlay, MIDI
* Synth (StatusNums holds each call's number).
        LDY     #0
StatusLoop PHY
        PHA                             ; result space
        LDX     StatusNums,Y
        JSL     $E10000
        PLA
        PLY
        STA     Statuses,Y
        INY
        INY
        CPY     #NEW_SETS*2
        BLT     StatusLoop

        _NewModalDialog Bounds,Dialog
        LDA     Dialog+2                ; NewDItem(dialog, 1, @OkRect, buttonItem,
        PHA                             ;   @OkTitle, 0, 0, 0)
        LDA     Dialog
        PHA
        PEA     1
        PEA     OkRect>>16
        PEA     OkRect
        PEA     BUTTON_ITEM
        PEA     OkTitle>>16
        PEA     OkTitle
        PEA     0
        PEA     0
        PEA     0
        PEA     0
        _Tool   $0D15
        _CreateList Dialog,TypeList      ; listCtl
        PLA
        STA     ListCtl
        PLA
        STA     ListCtl+2
        PHA                             ; ModalDialog(no filter): itemHit
        PEA     0
        PEA     0
        _Tool   $0F15
        PLA
        STA     ItemHit
        PHA                             ; ResetMember2(listCtl): the member chosen
        LDA     ListCtl+2
        PHA
        LDA     ListCtl
        PHA
        _Tool   $131C
        PLA
        STA     Chosen
        _CloseDialog Dialog

* Print one page.
        PHA                             ; NewHandle(PR_REC_SIZE, userID, 0, 0)
        PHA
        PEA     0
        PEA     PR_REC_SIZE
        LDA     UserID
        PHA
        PEA     0
        PEA     0
        PEA     0
        _Tool   $0902
        PLA
        STA     PrRec
        PLA
        STA     PrRec+2
        PHA                             ; GetPort(): the screen's port, for after
        PHA
        _Tool   $1C04
        PLA
        STA     ScreenPort
        PLA
        STA     ScreenPort+2
        LDA     PrRec+2                 ; PrDefault(prRec)
        PHA
        LDA     PrRec
        PHA
        _Tool   $0913
        PHA                             ; PrJobDialog(prRec): confirmed
        LDA     PrRec+2
        PHA
        LDA     PrRec
        PHA
        _Tool   $0C13
        PLA
        STA     JobOK
        PHA                             ; PrOpenDoc(prRec, 0): printing port
        PHA
        LDA     PrRec+2
        PHA
        LDA     PrRec
        PHA
        PEA     0
        PEA     0
        _Tool   $0E13
        PLA
        STA     PrPort
        PLA
        STA     PrPort+2
        LDA     PrPort+2                ; PrOpenPage(port, 0)
        PHA
        LDA     PrPort
        PHA
        PEA     0
        PEA     0
        _Tool   $1013
        PEA     0                       ; SetSolidPenPat(black)
        _Tool   $3704
        PEA     PageBox>>16             ; PaintRect(@PageBox)
        PEA     PageBox
        _Tool   $5404
        PEA     40                      ; MoveTo(40, 200)
        PEA     200
        _Tool   $3A04
        PEA     Heading>>16             ; DrawString(@Heading)
        PEA     Heading
        _Tool   $A504
        LDA     PrPort+2                ; PrClosePage(port): the page goes out
        PHA
        LDA     PrPort
        PHA
        _Tool   $1113
        LDA     PrPort+2                ; PrCloseDoc(port)
        PHA
        LDA     PrPort
        PHA
        _Tool   $0F13
        PHA                             ; PrError()
        _Tool   $1413
        PLA
        STA     PrErr
        LDA     ScreenPort+2            ; SetPort(the screen's)
        PHA
        LDA     ScreenPort
        PHA
        _Tool   $1B04

        _ShutDownTools Tools
        _GSOS   $2029,QuitP
        BRK     $00

UserID  DC.W    0
StartErr DC.W   $FFFF
Statuses DS.B   NEW_SETS*2
StatusNums DC.W $0613,$061C,$0619,$061A,$061D,$0621,$0623
Dialog  DC.L    0
ListCtl DC.L    0
ItemHit DC.W    0
Chosen  DC.W    0
PrRec   DC.L    0
ScreenPort DC.L 0
PrPort  DC.L    0
JobOK   DC.W    0
PrErr   DC.W    $FFFF

* The StartStopRecord: flags, videoMode (640), resFileID, dPageHandle, the tools.
Tools   DC.W    0
        DC.W    $0080
        DC.W    0
        DC.L    0
        DC.W    18
        DC.W    $01,0,$02,0,$03,0,$04,0,$06,0,$08,0,$0E,0,$10,0
        DC.W    $0F,0,$14,0,$15,0
        DC.W    $13,0,$1C,0,$19,0,$1A,0,$1D,0,$21,0,$23,0

Bounds  DC.W    30,100,130,400          ; the dialog, global
OkRect  DC.W    70,220,83,290
OkTitle DC.B    2,'OK'
PageBox DC.W    100,40,140,240          ; on the page, 72 x 80 dots an inch
Heading DC.B    8,'Gin King'

* The ListRec: listRect, listSize, listView, listType (single selection, Pascal
* strings), listStart, listCtl, listDraw, listMemHeight, listMemSize, listPointer,
* listRefCon, listScrollClr.
TypeList DC.W   10,20,62,200
        DC.W    8,5,2,1
        DC.L    0,0
        DC.W    10,5
        DC.L    Members,0,0
Members DC.L    Txt
        DC.B    0
        DC.L    Bin
        DC.B    0
        DC.L    S16
        DC.B    0
        DC.L    Sys
        DC.B    0
        DC.L    Pnt
        DC.B    0
        DC.L    Pic
        DC.B    0
        DC.L    Fnt
        DC.B    0
        DC.L    Icn
        DC.B    0
Txt     DC.B    3,'TXT'
Bin     DC.B    3,'BIN'
S16     DC.B    3,'S16'
Sys     DC.B    3,'SYS'
Pnt     DC.B    3,'PNT'
Pic     DC.B    3,'PIC'
Fnt     DC.B    3,'FNT'
Icn     DC.B    3,'ICN'
QuitP   DC.W    2
        DC.L    0
        DC.W    0
        ENDP
        END
