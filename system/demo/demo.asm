; demo.asm — a small IIGS desktop program that exercises the desktop toolbox.
;
; A menu bar (Apple, File, Options), one document window, a modal Settings dialog with
; radio buttons, a check box and an edit line, and a note alert, all driven by a
; TaskMaster loop. What the user did is left in the direct page (the Vars record) so
; the tests can check it in memory as well as on the screen.
;
; The tool sets are started by StartDesktop and each TaskMaster round is NextTask (it runs
; TaskTable's handlers), routines GIN.KING shares (toolbox/asm/desktop.asm). Follows the
; TaskMaster loop of the ORCA/C sample Reversi.cc and the menu strings of the Menu
; Manager (NewMenu).
; Every routine expects full native mode (M=16, X=16), D = the program's direct page
; and B = K (set once at launch).

        CASE    ON
        INCLUDE 'demo.macros'
        INCLUDE 'desktop.records'       ; toolbox/asm/: the tool pages, DeskDP

; -- Menu and item IDs (Menu Manager) -------------------------------------------------
APPLE_MENU      EQU     1
FIRST_ITEM      EQU     256             ; application item IDs start here
ITEM_SOUND      EQU     261

; Settings dialog item IDs
OK_BUTTON       EQU     1
CANCEL_BUTTON   EQU     2
RADIO_SLOW      EQU     3
RADIO_MEDIUM    EQU     4
RADIO_FAST      EQU     5
CHECK_HINTS     EQU     6
EDIT_NAME       EQU     8
NAME_MAX        EQU     20

editLine        EQU     $11             ; dialog item type (dialog.h)

; -- The direct page: after the fields every desktop program keeps first (DeskDP of
;    toolbox/asm/desktop.records: the task record, userID, toolDP, handle), the window,
;    what the user did
Vars    RECORD  DeskDP.Size
winPtr  DS.L    1                       ; the document window, 0 when closed
dlgPtr  DS.L    1                       ; the Settings dialog while it is open
done    DS.W    1                       ; set by File/Quit
clicks  DS.W    1                       ; content clicks so far
lastV   DS.W    1                       ; the last click, local to the window
lastH   DS.W    1
soundOn DS.W    1                       ; Options/Sound (checked = 1)
speed   DS.W    1                       ; the chosen speed radio item (3, 4, 5)
hints   DS.W    1                       ; the Hints check box
lastItem DS.W   1                       ; the last menu item chosen
aboutHit DS.W   1                       ; the item that closed the About alert
hit     DS.W    1                       ; ModalDialog's answer
settingsOK DS.W 1                       ; times Settings was closed with OK
nameBuf DS.B    NAME_MAX+1              ; the player's name (a Pascal string)
Size    EQU     *
        ENDR

; ------------------------------------------------------------------------------------
; Main — start the tools, build the desktop, run the event loop, quit.
;   In:  A = user ID (the launch state), D = our direct page.
;   Out: does not return (GS/OS Quit).
; ------------------------------------------------------------------------------------
Main    PROC
        LONGA   ON
        LONGI   ON
        PHK                             ; B = K: data is addressed in our bank
        PLB
        JSR     StartDesktop            ; toolbox/asm/desktop.asm: the tool sets
        JSR     ClearVars
        JSR     BuildMenus
        JSR     OpenDemoWindow
        _InitCursor
EventLoop
        JSR     NextTask                ; desktop.asm: one event, its TaskTable handler
        LDA     <Vars.done
        BEQ     EventLoop
        _GSOS   $2029,QuitParms         ; GS/OS Quit
        BRK     $00                     ; Quit does not return

; The TaskMaster jump table NextTask runs (TaskHandlers, desktop.records: window.h).
TaskTable TaskHandlers Ignore,DoUpdate,DoMenu,DoContent,DoGoAway

QuitParms
        DC.W    0                       ; pCount 0: quit to the launcher

; ------------------------------------------------------------------------------------
; Ignore — a task code the demo does nothing with.
; ------------------------------------------------------------------------------------
Ignore
        RTS

; ------------------------------------------------------------------------------------
; ClearVars — the demo's state at start: sound on, medium speed, name "Player".
; ------------------------------------------------------------------------------------
ClearVars
        STZ     <Vars.winPtr
        STZ     <Vars.winPtr+2
        STZ     <Vars.done
        STZ     <Vars.clicks
        STZ     <Vars.lastV
        STZ     <Vars.lastH
        STZ     <Vars.hints
        STZ     <Vars.lastItem
        STZ     <Vars.aboutHit
        STZ     <Vars.settingsOK
        LDA     #1
        STA     <Vars.soundOn
        LDA     #RADIO_MEDIUM
        STA     <Vars.speed
        LDX     #0                      ; nameBuf := DefaultName (length byte first)
@copy   LDA     DefaultName,X
        STA     <Vars.nameBuf,X
        INX
        INX
        CPX     #8
        BCC     @copy
        RTS

; ------------------------------------------------------------------------------------
; BuildMenus — the menu bar: each menu inserted at the front, Options first (so the
;   Apple menu ends leftmost), then FixAppleMenu, FixMenuBar, DrawMenuBar (as ORCA/C Frame.cc).
; ------------------------------------------------------------------------------------
BuildMenus
        PHA                             ; InsertMenu(NewMenu(OptionsMenu), 0)
        PHA
        PushLong OptionsMenu
        _NewMenu
        PEA     $0000
        _InsertMenu
        PHA                             ; InsertMenu(NewMenu(FileMenu), 0)
        PHA
        PushLong FileMenu
        _NewMenu
        PEA     $0000
        _InsertMenu
        PHA                             ; InsertMenu(NewMenu(AppleMenu), 0)
        PHA
        PushLong AppleMenu
        _NewMenu
        PEA     $0000
        _InsertMenu
        PEA     APPLE_MENU              ; FixAppleMenu(1): the Control Panel item
        _FixAppleMenu
        PHA                             ; FixMenuBar() -> bar height (unused)
        _FixMenuBar
        PLA
        _DrawMenuBar
        RTS

; ------------------------------------------------------------------------------------
; OpenDemoWindow — open the document window (Vars.winPtr) from WindowParams.
; ------------------------------------------------------------------------------------
OpenDemoWindow
        PHA                             ; winPtr = NewWindow(@WindowParams)
        PHA
        PushLong WindowParams
        _NewWindow
        PLA
        STA     <Vars.winPtr
        PLA
        STA     <Vars.winPtr+2
        RTS

; ------------------------------------------------------------------------------------
; DoUpdate — an update TaskMaster left to us (a window without a content-draw
;   routine): BeginUpdate, DrawContent, EndUpdate. In: task.message = the window.
; ------------------------------------------------------------------------------------
DoUpdate
        PushDPLong DeskDP.task+TaskRec.message ; StartDrawing(window)
        _StartDrawing
        PushDPLong DeskDP.task+TaskRec.message ; BeginUpdate(window)
        _BeginUpdate
        JSL     DrawContent
        PushDPLong DeskDP.task+TaskRec.message ; EndUpdate(window)
        _EndUpdate
        RTS

; ------------------------------------------------------------------------------------
; DrawContent — the window's content-draw routine (wContDefProc): the greeting and the
;   player's name. TaskMaster JSLs here between BeginUpdate and EndUpdate with the
;   port set to the window (window.h: wContDefProc).
;   In: D = our direct page (TaskMaster calls back with the program's D), B = K.
; ------------------------------------------------------------------------------------
DrawContent
        PHB                             ; B = our bank for the strings
        PHK
        PLB
        PEA     16                      ; MoveTo(16, 20)
        PEA     20
        _MoveTo
        PushLong HelloStr               ; DrawString(HelloStr)
        _DrawString
        PEA     16                      ; MoveTo(16, 36)
        PEA     36
        _MoveTo
        PushLong PlayerStr              ; DrawString("Player: "), then the name
        _DrawString
        PushDPAddr Vars.nameBuf
        _DrawString
        PLB
        RTL

; ------------------------------------------------------------------------------------
; DoContent — a click in the window: remember it (local), count it, mark it with "*".
; ------------------------------------------------------------------------------------
DoContent
        PushDPLong DeskDP.task+TaskRec.data ; StartDrawing(the window clicked)
        _StartDrawing
        LDA     <DeskDP.task+TaskRec.whereV ; lastV/lastH := where, global ...
        STA     <Vars.lastV
        LDA     <DeskDP.task+TaskRec.whereH
        STA     <Vars.lastH
        PushDPAddr Vars.lastV           ; ... then GlobalToLocal in place (a Point)
        _GlobalToLocal
        INC     <Vars.clicks
        LDA     <Vars.lastH             ; MoveTo(h - 2, v + 3); DrawChar('*')
        DEC     A
        DEC     A
        PHA
        LDA     <Vars.lastV
        CLC
        ADC     #3
        PHA
        _MoveTo
        PEA     $002A                   ; '*'
        _DrawChar
        RTS

; ------------------------------------------------------------------------------------
; DoGoAway — the close box was clicked: close the window, forget it.
; ------------------------------------------------------------------------------------
DoGoAway
        PushDPLong DeskDP.task+TaskRec.data
        _CloseWindow
        STZ     <Vars.winPtr
        STZ     <Vars.winPtr+2
        RTS

; ------------------------------------------------------------------------------------
; DoMenu — a menu item was chosen: dispatch on its ID, then unhighlight the title.
;   In: task.data = menu ID << 16 | item ID.
; ------------------------------------------------------------------------------------
DoMenu
        LDA     <DeskDP.task+TaskRec.data ; the item ID
        STA     <Vars.lastItem
        SEC
        SBC     #FIRST_ITEM
        CMP     #MENU_ITEMS             ; not one of ours: nothing to do
        BCS     @unhilite
        ASL     A
        TAX
        JSR     (MenuTable,X)
@unhilite
        PEA     $0000                   ; HiliteMenu(FALSE, menu ID)
        LDA     <DeskDP.task+TaskRec.data+2
        PHA
        _HiliteMenu
        RTS

MenuTable                               ; one line per item ID from 256
        DC.W    DoAbout                 ; 256 Apple/About Demo...
        DC.W    DoNewWindow             ; 257 File/New Window
        DC.W    Ignore                  ; 258 File/Open... (disabled)
        DC.W    Ignore                  ; 259 the divider
        DC.W    DoQuit                  ; 260 File/Quit
        DC.W    DoSound                 ; 261 Options/Sound
        DC.W    DoSettings              ; 262 Options/Settings...
        DC.W    Ignore                  ; 263 Options/Large Cards (disabled)
MENU_ITEMS      EQU     (*-MenuTable)/2

; ------------------------------------------------------------------------------------
; DoAbout — the About alert: ParamText(^0 = the version), NoteAlert; keep its answer.
; ------------------------------------------------------------------------------------
DoAbout
        PushLong VersionStr             ; ParamText(VersionStr, nil, nil, nil)
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _ParamText
        PHA                             ; aboutHit = NoteAlert(@AboutAlert, @AboutFilter)
        PushLong AboutAlert
        PushLong AboutFilter
        _NoteAlert
        PLA
        STA     <Vars.aboutHit
        RTS

; ------------------------------------------------------------------------------------
; AboutFilter — the About alert's filter proc: the space bar means OK.
;   FUNCTION AboutFilter(theDialog: DialogPtr; VAR theEvent: EventRecord;
;                        VAR itemHit: Integer): Boolean   (Dialog Manager, ModalDialog)
;   In:  the Pascal frame below; any D and B.  Out: TRUE and itemHit = 1 for a space
;   key-down, else FALSE (the Dialog Manager handles the event). Removes its 12 bytes
;   of parameters and leaves the result word on the stack.
; ------------------------------------------------------------------------------------
FilterFrame RECORD 0                    ; the stack after PHD / TCD, D = S
        ORG     1                       ; S points below the last byte pushed
savedD  DS.W    1                       ; the caller's D
        ORG     3
rtl     DS.B    3
itemHit DS.L    1                       ; VAR itemHit
event   DS.L    1                       ; VAR theEvent
dialog  DS.L    1                       ; theDialog
result  DS.W    1                       ; the Boolean
        ENDR
FILTER_PARAMS   EQU     12

AboutFilter
        PHD                             ; D = the stack: the frame by name
        TSC
        TCD
        LDA     [<FilterFrame.event]    ; a key-down?
        CMP     #3
        BNE     @no
        LDY     #2                      ; its character a space?
        LDA     [<FilterFrame.event],Y
        AND     #$00FF
        CMP     #' '
        BNE     @no
        LDA     #OK_BUTTON              ; itemHit := OK; result := TRUE
        STA     [<FilterFrame.itemHit]
        LDA     #1
        BRA     @out
@no     LDA     #0                      ; result := FALSE
@out    STA     <FilterFrame.result
        PLD
        LDA     2,S                     ; move the return address over the parameters
        STA     FILTER_PARAMS+2,S
        LDA     1,S
        STA     FILTER_PARAMS+1,S
        TSC                             ; drop the parameters
        CLC
        ADC     #FILTER_PARAMS
        TCS
        RTL

; ------------------------------------------------------------------------------------
; DoNewWindow — File/New Window: open the window, or bring it to the front.
; ------------------------------------------------------------------------------------
DoNewWindow
        LDA     <Vars.winPtr
        ORA     <Vars.winPtr+2
        BEQ     @open
        PushDPLong Vars.winPtr          ; SelectWindow(winPtr)
        _SelectWindow
        RTS
@open   JSR     OpenDemoWindow
        RTS

; ------------------------------------------------------------------------------------
; DoQuit — File/Quit: leave the event loop.
; ------------------------------------------------------------------------------------
DoQuit
        LDA     #1
        STA     <Vars.done
        RTS

; ------------------------------------------------------------------------------------
; DoSound — Options/Sound: flip the setting and its check mark.
; ------------------------------------------------------------------------------------
DoSound
        LDA     <Vars.soundOn
        EOR     #1
        STA     <Vars.soundOn
        PHA                             ; CheckMItem(soundOn, ITEM_SOUND)
        PEA     ITEM_SOUND
        _CheckMItem
        RTS

; ------------------------------------------------------------------------------------
; DoSettings — the Settings dialog: speed radios, Hints check box, name edit line.
;   OK keeps the choices (and redraws the window's name), Cancel drops them.
; ------------------------------------------------------------------------------------
DoSettings
        PHA                             ; dlgPtr = NewModalDialog(@bounds, TRUE, 0)
        PHA
        PushLong SettingsBounds
        PEA     $0001
        PEA     $0000
        PEA     $0000
        _NewModalDialog
        PLA
        STA     <Vars.dlgPtr
        PLA
        STA     <Vars.dlgPtr+2
        LDX     #0                      ; GetNewDItem(dlg, each template in the list)
@items  PHX
        PushDPLong Vars.dlgPtr
        PEA     SettingsItems>>16
        LDA     SettingsItems,X
        PHA
        _GetNewDItem
        PLX
        INX
        INX
        CPX     #SETTINGS_ITEMS*2
        BCC     @items
        PushDPLong Vars.dlgPtr          ; NewDItem(dlg, EDIT_NAME, @NameRect, editLine,
        PEA     EDIT_NAME               ;   @nameBuf, NAME_MAX, 0, nil)
        PushLong NameRect
        PEA     editLine
        PushDPAddr Vars.nameBuf
        PEA     NAME_MAX
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _NewDItem
        PEA     $0001                   ; SetDItemValue(1, dlg, speed): the radio on
        PushDPLong Vars.dlgPtr
        LDA     <Vars.speed
        PHA
        _SetDItemValue
        LDA     <Vars.hints             ; SetDItemValue(hints, dlg, CHECK_HINTS)
        PHA
        PushDPLong Vars.dlgPtr
        PEA     CHECK_HINTS
        _SetDItemValue
@loop   PHA                             ; hit = ModalDialog(nil)
        PEA     $0000
        PEA     $0000
        _ModalDialog
        PLA
        STA     <Vars.hit
        CMP     #OK_BUTTON
        BEQ     @ok
        CMP     #CANCEL_BUTTON
        BEQ     @close
        CMP     #CHECK_HINTS
        BEQ     @hints
        CMP     #RADIO_SLOW             ; a speed radio: turn it on (the family
        BCC     @loop                   ;   turns the others off)
        CMP     #RADIO_FAST+1
        BCS     @loop
        PEA     $0001
        PushDPLong Vars.dlgPtr
        LDA     <Vars.hit
        PHA
        _SetDItemValue
        BRA     @loop
@hints  PHA                             ; SetDItemValue(1 - value, dlg, CHECK_HINTS)
        PushDPLong Vars.dlgPtr
        PEA     CHECK_HINTS
        _GetDItemValue
        PLA
        EOR     #1
        PHA
        PushDPLong Vars.dlgPtr
        PEA     CHECK_HINTS
        _SetDItemValue
        BRA     @loop
@ok     JSR     KeepSettings
@close  PushDPLong Vars.dlgPtr          ; CloseDialog(dlg)
        _CloseDialog
        RTS

; ------------------------------------------------------------------------------------
; KeepSettings — read the dialog's choices into Vars; invalidate the window's text.
;   In: Vars.dlgPtr = the open Settings dialog.
; ------------------------------------------------------------------------------------
KeepSettings
        INC     <Vars.settingsOK
        LDA     #RADIO_SLOW             ; speed = the radio that is on
@radio  STA     <Vars.hit
        PHA
        PushDPLong Vars.dlgPtr
        LDA     <Vars.hit
        PHA
        _GetDItemValue
        PLA
        BEQ     @nextRadio
        LDA     <Vars.hit
        STA     <Vars.speed
@nextRadio
        LDA     <Vars.hit
        INC     A
        CMP     #RADIO_FAST+1
        BCC     @radio
        PHA                             ; hints = GetDItemValue(dlg, CHECK_HINTS)
        PushDPLong Vars.dlgPtr
        PEA     CHECK_HINTS
        _GetDItemValue
        PLA
        STA     <Vars.hints
        PushDPLong Vars.dlgPtr          ; GetIText(dlg, EDIT_NAME, @nameBuf)
        PEA     EDIT_NAME
        PushDPAddr Vars.nameBuf
        _GetIText
        LDA     <Vars.winPtr            ; the window shows the name: redraw it
        ORA     <Vars.winPtr+2
        BEQ     @done
        PushDPLong Vars.winPtr          ; SetPort(winPtr); InvalRect(@TextRect)
        _SetPort
        PushLong TextRect
        _InvalRect
@done   RTS

        INCLUDE 'desktop.asm'           ; toolbox/asm/: StartDesktop, NewBlock, NextTask

; ------------------------------------------------------------------------------------
; The demo's data: menu strings, window parameters, dialog and alert templates.
; ------------------------------------------------------------------------------------

; Menu strings (Menu Manager, NewMenu): title line, item lines, "." ends the menu.
        STRING  ASIS
AppleMenu
        DC.B    '>>@\XN1',0
        DC.B    '--About Demo...\N256V',0
        DC.B    '.',0
FileMenu
        DC.B    '>> File \N2',0
        DC.B    '--New Window\N257*Nn',0
        DC.B    '--Open...\N258D',0
        DC.B    '---\N259D',0
        DC.B    '--Quit\N260*Qq',0
        DC.B    '.',0
OptionsMenu
        DC.B    '>> Options \N3',0
        DC.B    '--Sound\N261C',$12,0
        DC.B    '--Settings...\N262*Ss',0
        DC.B    '--Large Cards\N263D',0
        DC.B    '.',0

        STRING  PASCAL
WindowTitle     DC.B    'Gin King Demo'
HelloStr        DC.B    'Hello from the 65816.'
PlayerStr       DC.B    'Player: '
VersionStr      DC.B    'version 1.0'
DefaultName     DC.B    'Player '       ; 7 bytes + length = the 8 ClearVars copies
AboutText       DC.B    'Gin King desktop demo, ^0. A native 65816 program.'
OkStr           DC.B    'OK'
CancelStr       DC.B    'Cancel'
SlowStr         DC.B    'Slow'
MediumStr       DC.B    'Medium'
FastStr         DC.B    'Fast'
HintsStr        DC.B    'Show hints'
NameLabel       DC.B    'Name:'
SpeedLabel      DC.B    'Speed:'
        STRING  ASIS

; NewWindow parameter list, 78 bytes (window.h)
WindowParams
        DC.W    78                      ; paramLength
        DC.W    $C0A0                   ; title, close box, movable, visible
        DC.L    WindowTitle             ; wTitle
        DC.L    0                       ; wRefCon
        DC.W    0,0,0,0                 ; wZoom
        DC.L    0                       ; wColor
        DC.W    0,0                     ; wYOrigin, wXOrigin
        DC.W    0,0,0,0                 ; wDataH, wDataW, wMaxH, wMaxW
        DC.W    0,0,0,0                 ; wScrollVer/Hor, wPageVer/Hor
        DC.L    0                       ; wInfoRefCon
        DC.W    0                       ; wInfoHeight
        DC.L    0,0                     ; wFrameDefProc, wInfoDefProc
        DC.L    DrawContent             ; wContDefProc: TaskMaster draws updates
        DC.W    30,40,180,600           ; wPosition: the content, global
        DC.L    $FFFFFFFF               ; wPlane: in front
        DC.L    0                       ; wStorage: the Window Manager allocates
TextRect
        DC.W    0,0,44,400              ; the window's text lines (local)

; The About alert (dialog.h): bounds, ID, four stages, items, 0.
AboutAlert
        DC.W    50,170,112,470
        DC.W    1
        DC.B    $80,$80,$80,$80
        DC.L    AboutOK,AboutMsg,0
AboutOK DC.W    1,38,210,51,270,$0A     ; OK button
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
AboutMsg DC.W   100,8,60,36,290,$800F   ; disabled static text
        DC.L    AboutText
        DC.W    0,0
        DC.L    0

; The Settings dialog: bounds, then item templates (24 bytes each, dialog.h).
SettingsBounds
        DC.W    40,150,150,490
SettingsItems
        DC.W    ItemOK,ItemCancel,ItemSlow,ItemMedium,ItemFast,ItemHints
        DC.W    ItemNameLabel,ItemSpeedLabel
SETTINGS_ITEMS  EQU     (*-SettingsItems)/2
ItemOK  DC.W    1,86,250,99,320,$0A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
ItemCancel DC.W 2,86,160,99,230,$0A
        DC.L    CancelStr
        DC.W    0,0
        DC.L    0
ItemSlow DC.W   3,8,80,20,150,$0C
        DC.L    SlowStr
        DC.W    0,1
        DC.L    0
ItemMedium DC.W 4,8,160,20,240,$0C
        DC.L    MediumStr
        DC.W    0,1
        DC.L    0
ItemFast DC.W   5,8,250,20,320,$0C
        DC.L    FastStr
        DC.W    0,1
        DC.L    0
ItemHints DC.W  6,30,80,42,200,$0B
        DC.L    HintsStr
        DC.W    0,0
        DC.L    0
ItemNameLabel DC.W 7,56,16,66,76,$800F
        DC.L    NameLabel
        DC.W    0,0
        DC.L    0
ItemSpeedLabel DC.W 9,10,16,20,76,$800F
        DC.L    SpeedLabel
        DC.W    0,0
        DC.L    0
NameRect
        DC.W    56,84,66,260            ; the name edit line (local)
        ENDP
