* Own Window: a new desk accessory that is a program of its own, as the IIGS's NDAs
* are. Its open routine asks the Memory Manager for its user ID (MMStartUp answers the
* ID its code was loaded under, not the application's), starts the Resource Manager
* under that ID, opens its own file's resource fork (OpenResourceFileByID) and makes
* its window from the rWindParam1 resource $00001000 there (NewWindow2). The tests
* read MyID, the error codes and FileID at their offsets in the segment.

        CASE    ON
        INCLUDE 'machine_tools.macros'

READ_ENABLE     EQU     1
BY_RESOURCE_ID  EQU     2               ; NewWindow2's paramTableDesc
R_WIND_PARAM1   EQU     $800E
WINDOW_ID       EQU     $00001000

Header  PROC
        DC.L    Open                    ; +$00 open
        DC.L    Close                   ; +$04 close
        DC.L    Action                  ; +$08 action
        DC.L    Init                    ; +$0C init
        DC.W    $FFFF                   ; +$10 period: never
        DC.W    $FFFF                   ; +$12 event mask
        DC.B    '--Own Window\H**',0    ; +$14 menu line

* Init — A <> 0 at DeskStartUp, 0 at DeskShutDown. Out: none. Clobbers: none.
Init    RTL

* Open — out: the window pointer in the caller's result space (S+5 here, above the
*   saved bank and the return address). Clobbers A, X, Y.
Open    PHB
        PHK
        PLB
        LDA     WinPtr
        ORA     WinPtr+2
        BNE     OpenDone                ; already open: the same window
        PHA                             ; MMStartUp(): userID
        _Tool   $0202
        PLA
        STA     MyID
        PHA                             ; ResourceStartUp(MyID)
        _Tool   $021E
        STA     StartErr
        PHA                             ; OpenResourceFileByID(readEnable, MyID): fileID
        PEA     READ_ENABLE
        LDA     MyID
        PHA
        _Tool   $2E1E
        STA     OpenErr
        PLA
        STA     FileID
        PHA                             ; NewWindow2(nil, 0, nil, nil, by ID,
        PHA                             ;   WINDOW_ID, rWindParam1): WindowPtr
        PEA     0                       ; titlePtr: the template's
        PEA     0
        PEA     0                       ; refCon
        PEA     0
        PEA     0                       ; contentDrawPtr: the template's
        PEA     0
        PEA     0                       ; defProcPtr
        PEA     0
        PEA     BY_RESOURCE_ID
        PEA     WINDOW_ID>>16
        PEA     WINDOW_ID
        PEA     R_WIND_PARAM1
        _Tool   $610E
        STA     WinErr
        PLA
        STA     WinPtr
        PLA
        STA     WinPtr+2
        ORA     WinPtr
        BEQ     OpenDone                ; no window: nothing to hand the Desk Manager
        LDA     WinPtr+2                ; SetSysWindow(WinPtr)
        PHA
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
        LDA     WinPtr+2
        PHA
        LDA     WinPtr
        PHA
        _Tool   $0B0E                   ; CloseWindow
        STZ     WinPtr
        STZ     WinPtr+2
        PLB
        RTL

* Action — A = action code, X/Y = its parameter. Out: A = 0 (none used). Clobbers: A.
Action  LDA     #0
        RTL

MyID    DC.W    0
StartErr DC.W   0
OpenErr DC.W    0
FileID  DC.W    0
WinErr  DC.W    0
WinPtr  DC.L    0
        ENDP
        END
