* A small text editor, in the shape of a desktop program: StartUpTools (QuickDraw II,
* Event, Window, Control, Scrap and TextEdit Managers), a window, a TextEdit control in
* it from a control template (NewControl2, editTextControl with its own scroll bar),
* then the event loop: an update event redraws the controls, a mouse-down on the control goes to TEClick, keys to TEKey, and
* the Apple-key commands to the edit calls -- Apple-X TECut, Apple-C TECopy, Apple-V
* TEPaste, Apple-B TEStyleChange (bold switched on the selection), Apple-Q quits. Null
* events blink the caret (TEIdle). Before it quits it reads the text back with
* TEGetText (a text block into Buffer) and the selection with TEGetSelection, and
* reads four fields of the TERecord itself through its handle, as programs do
* (textLength, ctrlID, selectionEnd, vertScrollPos: ORCA/C textedit.h's TERecord).
* Expects the launch state. Toolbox Reference vol. 3 ch. 49 (TextEdit), 51
* (StartUpTools), 28 (NewControl2).

        CASE    ON
        INCLUDE 'machine_tools.macros'

MOUSE_DOWN EQU  1
KEY_DOWN EQU    3
AUTO_KEY EQU    5
UPDATE  EQU     6
APPLE_KEY EQU   $0100
ALL_EVENTS EQU  $FFFF
TEXT_BLOCK_PTR EQU 5            ; teDataIsTextBlock + teTextIsPtr
SWITCH_ATTRIBUTES EQU 1         ; TEStyleChange: switch the face bits given
BUFFER_SIZE EQU 256
TE_TEXT_LENGTH EQU $2C          ; TERecord fields (textedit.h)
TE_CTRL_ID EQU  $38
TE_SEL_END EQU  $72
TE_VERT_POS EQU $96

Vars    RECORD  0
myID    DS.W    1               ; MMStartUp's user ID
ssErr   DS.W    1               ; A after StartUpTools
window  DS.L    1               ; NewWindow's window
teH     DS.L    1               ; the TextEdit control (its TERecord handle)
found   DS.L    1               ; FindControl's control
length  DS.L    1               ; TEGetText's answer
selStart DS.L   1               ; TEGetSelection
selEnd  DS.L    1
recPtr  DS.L    1               ; the TERecord, dereferenced
recLength DS.L  1               ; its textLength, ctrlID, selectionEnd, vertScrollPos
recID   DS.L    1
recSelEnd DS.L  1
recVertPos DS.L 1
        ENDR

* _RecLong offset,dest: the TERecord's long at offset copied to the direct page's dest.
* Clobbers A, Y.
        MACRO
&lab    _RecLong &offset,&dest
&lab    LDY     #&offset
        LDA     [Vars.recPtr],Y
        STA     <&dest
        INY
        INY
        LDA     [Vars.recPtr],Y
        STA     <&dest+2
        MEND

Editor  PROC
        _Launch
        _MyUserID Vars.myID
        PHA                     ; StartUpTools(myID, refIsPointer, @Tools)
        PHA
        LDA     <Vars.myID
        PHA
        PEA     0
        PEA     Tools>>16
        PEA     Tools
        _Tool   $1801
        STA     <Vars.ssErr
        PLA
        PLA
        LDA     <Vars.ssErr
        BEQ     Started
        BRK     $01             ; a tool set is missing

Started PHA                     ; NewWindow(@WindParms): the window
        PHA
        PEA     WindParms>>16
        PEA     WindParms
        _Tool   $090E
        PLA
        STA     <Vars.window
        PLA
        STA     <Vars.window+2
        PHA                     ; NewControl2(window, refIsPointer, @TETemplate)
        PHA
        LDA     <Vars.window+2
        PHA
        LDA     <Vars.window
        PHA
        PEA     0
        PEA     TETemplate>>16
        PEA     TETemplate
        _Tool   $3110
        PLA
        STA     <Vars.teH
        PLA
        STA     <Vars.teH+2
        JSR     PushTE          ; TEActivate(teH)
        _Tool   $0F22

Loop    PHA                     ; GetNextEvent(everything, @Event)
        PEA     ALL_EVENTS
        PEA     Event>>16
        PEA     Event
        _Tool   $0A06
        PLA
        BNE     Got
        JSR     PushTE          ; nothing: TEIdle(teH)
        _Tool   $0E22
        BRL     Loop
Got     LDA     Event
        CMP     #MOUSE_DOWN
        BEQ     Mouse
        CMP     #KEY_DOWN
        BEQ     Key
        CMP     #AUTO_KEY
        BEQ     Key
        CMP     #UPDATE
        BNE     Other
        JSR     Redraw
Other   BRL     Loop

Mouse   PHA                     ; FindControl(@found, h, v, window): part
        PEA     0
        PEA     Vars.found
        TDC                     ; (found is in the direct page: bank 0)
        CLC
        ADC     1,S
        STA     1,S
        LDA     Event+12        ; where.h
        PHA
        LDA     Event+10        ; where.v
        PHA
        LDA     <Vars.window+2
        PHA
        LDA     <Vars.window
        PHA
        _Tool   $1310
        PLA
        BNE     OnCtl           ; on a control
        BRL     Loop
OnCtl   ANOP
        LDA     <Vars.found
        CMP     <Vars.teH
        BEQ     IsTE
        BRL     Loop
IsTE    ANOP
        PEA     Event>>16       ; TEClick(@Event, teH)
        PEA     Event
        JSR     PushTE
        _Tool   $1122
        BRL     Loop

Key     LDA     Event+14        ; modifiers
        AND     #APPLE_KEY
        BNE     Command
        PEA     Event>>16       ; TEKey(@Event, teH)
        PEA     Event
        JSR     PushTE
        _Tool   $1422
        BRL     Loop

Command LDA     Event+2         ; the key, lower case
        AND     #$00FF
        ORA     #$0020
        CMP     #'x'
        BNE     NotCut
        JSR     PushTE          ; TECut(teH)
        _Tool   $1622
        BRL     Loop
NotCut  CMP     #'c'
        BNE     NotCopy
        JSR     PushTE          ; TECopy(teH)
        _Tool   $1722
        BRL     Loop
NotCopy CMP     #'v'
        BNE     NotPaste
        JSR     PushTE          ; TEPaste(teH)
        _Tool   $1822
        BRL     Loop
NotPaste CMP    #'b'
        BNE     NotBold
        PEA     SWITCH_ATTRIBUTES ; TEStyleChange(switch, @Bold, teH)
        PEA     Bold>>16
        PEA     Bold
        JSR     PushTE
        _Tool   $1F22
        BRL     Loop
NotBold CMP     #'q'
        BEQ     Quit
        BRL     Loop

Quit    PHA                     ; TEGetText(text block by pointer, @Buffer, size,
        PHA                     ;   no styles, teH): the text's length
        PEA     TEXT_BLOCK_PTR
        PEA     Buffer>>16
        PEA     Buffer
        PEA     0
        PEA     BUFFER_SIZE
        PEA     0
        PEA     0
        PEA     0
        JSR     PushTE
        _Tool   $0C22
        PLA
        STA     <Vars.length
        PLA
        STA     <Vars.length+2
        PEA     0               ; TEGetSelection(@selStart, @selEnd, teH)
        TDC
        CLC
        ADC     #Vars.selStart
        PHA
        PEA     0
        TDC
        CLC
        ADC     #Vars.selEnd
        PHA
        JSR     PushTE
        _Tool   $1C22
        LDA     [Vars.teH]      ; the record's address, from its handle
        STA     <Vars.recPtr
        LDY     #2
        LDA     [Vars.teH],Y
        STA     <Vars.recPtr+2
        _RecLong TE_TEXT_LENGTH,Vars.recLength
        _RecLong TE_CTRL_ID,Vars.recID
        _RecLong TE_SEL_END,Vars.recSelEnd
        _RecLong TE_VERT_POS,Vars.recVertPos
        _GSOS   $2029,QuitParms
        BRK     $02

* PushTE: pushes teH under the caller's return address. In: nothing. Out: teH on the
* stack for the tool call that follows. Clobbers A, X.
PushTE  PLX                     ; the return address
        LDA     <Vars.teH+2
        PHA
        LDA     <Vars.teH
        PHA
        PHX
        RTS

* Redraw: an update event's window redrawn -- BeginUpdate, DrawControls, EndUpdate.
* In: Event holds the update event. Out: nothing. Clobbers A, X, Y.
Redraw  LDA     Event+4
        PHA
        LDA     Event+2
        PHA
        _Tool   $1E0E
        LDA     Event+4
        PHA
        LDA     Event+2
        PHA
        _Tool   $1010
        LDA     Event+4
        PHA
        LDA     Event+2
        PHA
        _Tool   $1F0E
        RTS

Tools   DC.W    0               ; StartStopRecord: flags
        DC.W    $0080           ; videoMode: 640
        DC.W    0               ; resFileID
        DC.L    0               ; dPageHandle
        DC.W    7               ; numTools
        DC.W    3,0,4,0,6,0,$0E,0,$10,0,$16,0,$22,0

WindParms DC.W  $4E             ; paramLength
        DC.W    $C0A0           ; wFrameBits: title bar, visible
        DC.L    Title           ; wTitle
        DS.B    $3A-8           ; wRefCon .. wDataW: zero
        DC.L    0               ; wContDefProc
        DC.W    30,20,150,420   ; wPosition: the content (global)
        DC.L    $FFFFFFFF       ; wPlane: in front
        DS.B    4               ; wStorage
Title   DC.B    4,'Note'

TETemplate DC.W 10              ; pCount: ID .. vertAmount
        DC.L    1               ; ID
        DC.W    4,4,76,380      ; boundsRect (local)
        DC.L    $85000000       ; procRef: editTextControl
        DC.W    0               ; flags: visible
        DC.W    0               ; moreFlags
        DC.L    0               ; refCon
        DC.L    0               ; textFlags: wrapped, editable
        DC.W    $FFFF,$FFFF,$FFFF,$FFFF ; indentRect: the standard
        DC.L    $FFFFFFFF       ; vertBar: TextEdit makes one
        DC.W    0               ; vertAmount: a line

Bold    DC.L    $00010000       ; TEStyle: teFont (face bold), fore, back, user
        DC.W    0,$FFFF
        DC.L    0
QuitParms DC.W  2
        DC.L    0
        DC.W    0
Event   DS.B    16
Buffer  DS.B    BUFFER_SIZE
        ENDP
        END
