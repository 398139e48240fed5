* Counter: a new desk accessory (file type $B8 in SYSTEM/DESK.ACCS) for the Desk
* Manager's tests. Its header (Toolbox Reference vol. 1, Desk Manager, "NDA header")
* opens the segment; its window shows a title and how many clicks it was given, and it
* counts every call the Desk Manager makes: init, open, close, run, cursor, event and
* edit actions (the tests read the counters at their offsets in the segment).

        CASE    ON
        INCLUDE 'machine_tools.macros'

EVENT_ACTION    EQU     1
RUN_ACTION      EQU     2
CURSOR_ACTION   EQU     3
UNDO_ACTION     EQU     5
CLEAR_ACTION    EQU     9
MOUSE_DOWN      EQU     1
KEY_DOWN        EQU     3
WIN_FRAME       EQU     $C0A0           ; title, close box, movable, visible

Header  PROC
        DC.L    Open                    ; +$00 open
        DC.L    Close                   ; +$04 close
        DC.L    Action                  ; +$08 action
        DC.L    Init                    ; +$0C init
        DC.W    0                       ; +$10 period: every SystemTask
        DC.W    $FFFF                   ; +$12 event mask: every event
        DC.B    '--Counter\H**',0       ; +$14 menu line

* Init — A <> 0 at DeskStartUp, 0 at DeskShutDown. Out: none. Clobbers A.
Init    PHB
        PHK
        PLB
        STA     InitA
        INC     Inits
        PLB
        RTL

* Open — out: the window pointer in the caller's 4 bytes of result space (S+5 here,
*   above the saved bank and the return address). Clobbers A, X, Y.
Open    PHB
        PHK
        PLB
        INC     Opens
        LDA     WinPtr
        ORA     WinPtr+2
        BNE     OpenDone                ; already open: the same window
        PHA                             ; result space
        PHA
        PEA     WinParams>>16
        PEA     WinParams
        _Tool   $090E                   ; NewWindow
        PLA
        STA     WinPtr
        PLA
        STA     WinPtr+2
        PHA                             ; SetSysWindow(WinPtr): the Desk Manager's
        LDA     WinPtr
        PHA
        _Tool   $4B0E
OpenDone LDA    WinPtr
        STA     5,S
        LDA     WinPtr+2
        STA     7,S
        PLB
        RTL

* Close — closes the window. Clobbers A, X, Y.
Close   PHB
        PHK
        PLB
        INC     Closes
        LDA     WinPtr+2
        PHA
        LDA     WinPtr
        PHA
        _Tool   $0B0E                   ; CloseWindow
        STZ     WinPtr
        STZ     WinPtr+2
        PLB
        RTL

* Action — A = action code, X/Y = low/high word of its parameter. Out: A = 1 if used.
*   Clobbers X, Y.
Action  PHB
        PHK
        PLB
        PHD
        PHY                             ; the parameter, as a long at DP 1..4
        PHX
        TAX
        TSC
        TCD
        STX     LastAction
        CPX     #RUN_ACTION
        BNE     NotRun
        INC     Runs
        BRA     Used
NotRun  CPX     #CURSOR_ACTION
        BNE     NotCursor
        INC     Cursors
        BRA     Used
NotCursor CPX   #EVENT_ACTION
        BNE     NotEvent
        INC     Events
        LDA     [1]                     ; the event's what
        STA     LastWhat
        CMP     #MOUSE_DOWN
        BNE     NotClick
        INC     Clicks
        JSR     Redraw
        BRA     Used
NotClick CMP    #KEY_DOWN
        BNE     Unused
        INC     Keys
        BRA     Used
NotEvent CPX    #UNDO_ACTION
        BLT     Unused
        CPX     #CLEAR_ACTION+1
        BGE     Unused
        INC     Edits
Used    LDA     #1
        BRA     ActionOut
Unused  LDA     #0
ActionOut PLX
        PLY
        PLD
        PLB
        RTL

* Redraw — draws the window's content now (a click changed the count). Clobbers A, X, Y.
Redraw  PHA                             ; saved port
        PHA
        _Tool   $1C04                   ; GetPort
        LDA     WinPtr+2
        PHA
        LDA     WinPtr
        PHA
        _Tool   $4D0E                   ; StartDrawing
        JSR     DrawBody
        _Tool   $1B04                   ; SetPort(the saved port, still on the stack)
        RTS

* Draw — the window's content-draw routine (TaskMaster and the Desk Manager call it
*   for updates). Clobbers A, X, Y.
Draw    PHB
        PHK
        PLB
        JSR     DrawBody
        PLB
        RTL

* DrawBody — the title and "Clicks: n" in the current port. Needs B = this bank.
DrawBody PEA    10
        PEA     14
        _Tool   $3A04                   ; MoveTo(10, 14)
        PEA     Title>>16
        PEA     Title
        _Tool   $A504                   ; DrawString
        LDA     Clicks                  ; Int2Dec(Clicks, @Digits, 4, unsigned)
        PHA
        PEA     Digits>>16
        PEA     Digits
        PEA     4
        PEA     0
        _Tool   $260B
        PEA     10
        PEA     28
        _Tool   $3A04
        PEA     ClickText>>16
        PEA     ClickText
        _Tool   $A504
        RTS

WinParams
        DC.W    78                      ; paramLength
        DC.W    WIN_FRAME               ; wFrame
        DC.L    WinTitle                ; wTitle
        DC.L    0                       ; wRefCon
        DC.W    0,0,0,0                 ; wZoom
        DC.L    0                       ; wColor
        DC.W    0,0                     ; wYOrigin, wXOrigin
        DC.W    0,0,0,0                 ; wDataH, wDataW, wMaxH, wMaxW
        DC.W    0,0,0,0                 ; wScrollVer/Hor, wPageVer/Hor
        DC.L    0                       ; wInfoRefCon
        DC.W    0                       ; wInfoHeight
        DC.L    0,0                     ; wFrameDefProc, wInfoDefProc
        DC.L    Draw                    ; wContDefProc
        DC.W    60,200,100,440          ; wPosition
        DC.L    $FFFFFFFF               ; wPlane: in front
        DC.L    0                       ; wStorage
WinTitle DC.B   7,'Counter'
Title   DC.B    11,'Counter NDA'
ClickText DC.B  12,'Clicks: '
Digits  DS.B    4

WinPtr  DC.L    0
Inits   DC.W    0
InitA   DC.W    0
Opens   DC.W    0
Closes  DC.W    0
Runs    DC.W    0
Cursors DC.W    0
Events  DC.W    0
Clicks  DC.W    0
Keys    DC.W    0
Edits   DC.W    0
LastAction DC.W 0
LastWhat DC.W   0
        ENDP
        END
