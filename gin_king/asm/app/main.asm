; main.asm — Gin King, the desktop program: start-up, the menu bar, the TaskMaster
; loop and the menu-command jump table. The table (table.asm), the game (play.asm), the
; dialogs (dialogs.asm) and the settings file (files.asm) are included into this one
; unit, so the program is a single PROC whose labels all reach the symbol map; so are the
; tool start-up and the TaskMaster round every desktop program shares
; (toolbox/asm/desktop.asm: StartDesktop, NextTask, which runs TaskTable's handlers).
;
; Follows the TaskMaster loop of the ORCA/C sample Reversi.cc and the menu strings of
; the Menu Manager (NewMenu); the menus and their key equivalents are the manual's
; ("Playing Gin King": Apple, File, Edit, Settings, Options).
; Every routine expects full native mode (M=16, X=16), D = the program's direct page and
; B = K, unless its header says otherwise.

        CASE    ON
        MACHINE M65816
        INCLUDE 'app/app.macros'
        INCLUDE 'desktop.records'       ; toolbox/asm/: the tool pages, DeskDP
        INCLUDE 'engine.records'
        INCLUDE 'app/app.records'

GinKing PROC
        IMPORT  GK_Seed,GK_Below,GK_Shuffle,GK_Deadwood,GK_Canon,GK_Decide
        IMPORT  Deck,RngLo,DwHand,DwOut,CnBestCount,CnBestHi,CnBestLo,CnDead
        IMPORT  PosBlock,DecBlock
        IMPORT  GK_HandTerms,GK_FinalScore,GK_Showdown,RulesBlock,GameEndBlock,ShowBlock
        IMPORT  GK_HollywoodStart,GK_HollywoodHand,GK_HollywoodMatch,HollyBlock
        IMPORT  GK_ParseEntry,GK_ClosestCard,EntryText,EntryRanks,EntrySuits,EntryTaken
        IMPORT  HelpP0,HelpP1,HelpP2,HelpP3,HelpP4,HelpP5,HelpP6,HelpP7 ; data segment:
        IMPORT  HelpP8,HelpP8b,HelpP9,HelpP10,HelpP11,HelpP12            ;   text.asm,
        IMPORT  ColBuf0,ColBuf1,ColBuf2,ColBuf3,ColBuf4,ColBuf5,ColBuf6,ColBuf7 ; columns.asm
        IMPORT  ColBufX,ColBufB
        LONGA   ON
        LONGI   ON

; ------------------------------------------------------------------------------------
; Main — start the tools, build the desktop, load the settings, run the event loop.
;   In:  A = user ID (the launch state), D = our direct page, native mode 16-bit.
;   Out: does not return (GS/OS Quit).
; ------------------------------------------------------------------------------------
Main
        PHK                             ; B = K: data is addressed in our bank
        PLB
        JSR     StartDesktop            ; toolbox/asm/desktop.asm: the tool sets
        JSR     StartSound              ; sound.asm: the Sound Tool Set
        JSR     SetTablePalette
        JSR     LoadSettings            ; files.asm: SETTINGS/GIN.KING.PREFS or defaults
        JSR     BuildMenus
        JSR     OpenTable
        _InitCursor
        JSR     ShowTable               ; the table up before any alert of the start
        JSR     SayPrefsDamaged         ; files.asm: a damaged GIN.PREFS, said once
        JSR     OfferResume             ; files.asm: a game left unfinished?
        JSR     UpdateMenus
EventLoop
        JSR     NextTask                ; desktop.asm: one event, its TaskTable handler
        JSR     TrackCursor             ; the pointer's shape for where the mouse is now
        JSR     SoundIdle               ; sound.asm: no event, so a slice of a wave
        LDA     QuitFlag
        BEQ     EventLoop
        JSR     RestoreVolume           ; sound.asm: the Control Panel's volume back
        _GSOS   $2029,QuitParms         ; GS/OS Quit
        BRK     $00                     ; Quit does not return

; The TaskMaster jump table NextTask runs (TaskHandlers, desktop.records: window.h).
TaskTable TaskHandlers DoKey,DoUpdate,DoMenu,DoContent,Ignore

QuitParms
        DC.W    0                       ; pCount 0: quit to the launcher

; ------------------------------------------------------------------------------------
; Ignore — a task code or menu item with nothing to do.
; ------------------------------------------------------------------------------------
Ignore
        RTS

; ------------------------------------------------------------------------------------
; SetTablePalette — colour table 0 gives one solid colour per pixel value in every
;   quarter (Hardware Reference ch. 4): black, red, table green, white; no dithering needed.
; ------------------------------------------------------------------------------------
SetTablePalette
        PEA     $0000                   ; SetColorTable(0, @TablePalette)
        PushLong TablePalette
        _SetColorTable
        RTS

TablePalette
        DC.W    $0000,$0D00,$0070,$0FFF ; black, red, green, white, four times over
        DC.W    $0000,$0D00,$0070,$0FFF
        DC.W    $0000,$0D00,$0070,$0FFF
        DC.W    $0000,$0D00,$0070,$0FFF

; ------------------------------------------------------------------------------------
; BuildMenus — the menu bar: each menu inserted at the front, the last first (so the
;   Apple menu ends leftmost), then FixAppleMenu, FixMenuBar, DrawMenuBar (as ORCA/C Frame.cc).
; ------------------------------------------------------------------------------------
BuildMenus
        LDX     #MENU_COUNT*2-2
@menu   PHX
        PHA                             ; InsertMenu(NewMenu(MenuStrings[x]), 0)
        PHA
        PEA     OptionsMenu>>16
        LDA     MenuStrings,X
        PHA
        _NewMenu
        PEA     $0000
        _InsertMenu
        PLX
        DEX
        DEX
        BPL     @menu
        PEA     MENU_APPLE              ; FixAppleMenu(1): the Control Panel item
        _FixAppleMenu
        PHA                             ; FixMenuBar() -> bar height (unused)
        _FixMenuBar
        PLA
        _DrawMenuBar
        RTS

MenuStrings                             ; left to right
        DC.W    AppleMenu,FileMenu,EditMenu,SettingsMenu,OptionsMenu
MENU_COUNT      EQU     (*-MenuStrings)/2

; ------------------------------------------------------------------------------------
; OpenTable — open the table: a plain window over the whole screen below the menu bar,
;   drawn by DrawTable (its content-draw routine) whenever TaskMaster updates it.
; ------------------------------------------------------------------------------------
OpenTable
        PHA                             ; TableWin = NewWindow(@TableParams)
        PHA
        PushLong TableParams
        _NewWindow
        PLA
        STA     TableWin
        PLA
        STA     TableWin+2
        RTS

; ------------------------------------------------------------------------------------
; ShowTable — the table window's first update done now (BeginUpdate, DrawTable,
;   EndUpdate), so the alerts of the start (a damaged file, Resume) stand over the
;   desktop and the table rather than an empty window.  Clobbers A, X, Y.
; ------------------------------------------------------------------------------------
ShowTable
        PushVarLong TableWin
        _BeginUpdate
        JSR     Redraw                  ; table.asm: FocusTable, DrawTable
        PushVarLong TableWin
        _EndUpdate
        RTS

; ------------------------------------------------------------------------------------
; DoUpdate — an update TaskMaster left to us: BeginUpdate, draw, EndUpdate.
;   In: task.message = the window.
; ------------------------------------------------------------------------------------
DoUpdate
        PushDPLong DeskDP.task+TaskRec.message
        _BeginUpdate
        JSL     DrawTable
        PushDPLong DeskDP.task+TaskRec.message
        _EndUpdate
        RTS

; ------------------------------------------------------------------------------------
; DoContent — a click on the table: make it local, hand it to the game (play.asm).
;   In: task.where (global), task.data = the window.
; ------------------------------------------------------------------------------------
DoContent
        JSR     FocusTable
        LDA     <DeskDP.task+TaskRec.whereV ; where := GlobalToLocal(task.where)
        STA     <Zp.where
        LDA     <DeskDP.task+TaskRec.whereH
        STA     <Zp.where+2
        PushDPAddr Zp.where
        _GlobalToLocal
        JSR     TableClick              ; play.asm
        JSR     UpdateMenus
        RTS

; ------------------------------------------------------------------------------------
; DoKey — a key that is not a menu equivalent: the space bar or return acts as a click
;   on the table's "continue" (the end of a hand, the score sheet), and so does keypad
;   Enter; the function keys F3 (Undo) and F6 (Show Cards) are the manual's (index:
;   "Keys").
;   In: the task record's message (key code) and mods (KEY_PAD_MOD on a function key).
; ------------------------------------------------------------------------------------
DoKey
        LDA     <DeskDP.task+TaskRec.mods   ; a function key: its command
        AND     #KEY_PAD_MOD
        BEQ     @plain
        LDA     <DeskDP.task+TaskRec.message
        AND     #$00FF
        CMP     #FKEY_F3
        BNE     @f6
        JSR     DoUndo                  ; F3 = Edit/Undo
        BRA     @menus
@f6     CMP     #FKEY_F6
        BNE     @plain                  ; other keypad keys: keypad Enter is Return
        JSR     DoShowCards             ; F6 = Options/Show Cards
        BRA     @menus
@plain  LDA     <DeskDP.task+TaskRec.message
        AND     #$00FF
        CMP     #' '
        BEQ     @go
        CMP     #$0D
        BNE     @out
@go     JSR     FocusTable
        JSR     ContinueKey             ; play.asm
@menus  JSR     UpdateMenus
@out    RTS

; ------------------------------------------------------------------------------------
; DoMenu — a menu item was chosen: dispatch on its ID through MenuTable, then
;   unhighlight the title and bring the menus up to date.
;   In: task.data = menu ID << 16 | item ID.
; ------------------------------------------------------------------------------------
DoMenu
        LDA     <DeskDP.task+TaskRec.data   ; the item ID
        STA     LastItem
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
        JSR     UpdateMenus
        RTS

MenuTable                               ; one line per item ID from 256
        DC.W    DoAbout                 ; 256 Apple/About Gin King...
        DC.W    DoHelp                  ; 257 Apple/Help...
        DC.W    DoNewGame               ; 258 File/New Game
        DC.W    DoSaveSettings          ; 259 File/Save Settings
        DC.W    DoEndGame               ; 260 File/End Game
        DC.W    DoQuit                  ; 261 File/Quit
        DC.W    DoUndo                  ; 262 Edit/Undo
        DC.W    DoGameSettings          ; 263 Settings/Game Settings...
        DC.W    DoTournament            ; 264 Settings/Tournament Mode
        DC.W    DoEnterName             ; 265 Settings/Enter Name...
        DC.W    DoPlayers               ; 266 Settings/Players...
        DC.W    DoSound                 ; 267 Options/Sound
        DC.W    DoFX                    ; 268 Options/F/X
        DC.W    DoVisible               ; 269 Options/Computer Visible
        DC.W    DoAdvice                ; 270 Options/Advice
        DC.W    DoHistory               ; 271 Options/Show History
        DC.W    DoShowCards             ; 272 Options/Show Cards
        DC.W    DoStatistics            ; 273 Options/Statistics... (stats.asm)
        DC.W    DoScoreSheet            ; 274 Options/Score Sheet (stats.asm)
        DC.W    DoResume                ; 275 File/Resume Game (files.asm)
        DC.W    DoHouseRules            ; 276 Settings/House Rules... (after Players...)
MENU_ITEMS      EQU     (*-MenuTable)/2

; ------------------------------------------------------------------------------------
; DoQuit — File/Quit: leave the event loop. The game in progress is kept on the disk
;   (files.asm QuitSave) to be resumed at the next start; when the disk refuses it,
;   that is said, and a tournament game ends as lost, after a confirmation (files.asm
;   ForfeitAsked).
; ------------------------------------------------------------------------------------
DoQuit
        JSR     InGame
        BCC     @ask
        JSR     QuitSave
        BCC     @quit
@ask    LDA     #ForfeitQuit
        JSR     ForfeitAsked
        BCC     @quit
        RTS
@quit   LDA     #1
        STA     QuitFlag
        RTS

; ------------------------------------------------------------------------------------
; DoSound, DoFX, DoVisible — Options toggles: flip the setting; UpdateMenus checks it.
;   F/X (the card just drawn framed in red; cards sliding as they are dealt, drawn and
;   discarded: table.asm Slide) and Computer Visible redraw the table.
; ------------------------------------------------------------------------------------
DoSound
        LDA     SetSound
        EOR     #1
        STA     SetSound
        RTS
DoFX
        LDA     SetFX
        EOR     #1
        STA     SetFX
        JMP     Redraw
DoVisible
        LDA     SetVisible
        EOR     #1
        STA     SetVisible
        JSR     Redraw
        RTS

; ------------------------------------------------------------------------------------
; DoTournament — Settings/Tournament Mode: on or off, only between games (UpdateMenus
;   dims it during one). In a tournament: normal shuffle, no Sort by Melds.
; ------------------------------------------------------------------------------------
DoTournament
        JSR     InGame
        BCS     @out
        LDA     SetTournament
        EOR     #1
        STA     SetTournament
        BEQ     @out
        STZ     SetShuffle              ; cards are shuffled and dealt normally
        LDA     SetPoints               ; the manual's points (250 is a house choice)
        CMP     #POINTS_250
        BNE     @disp
        STZ     SetPoints
@disp   LDA     SetDisplay
        CMP     #DISP_MELDS
        BNE     @out
        LDA     #DISP_SUIT
        STA     SetDisplay
@out    RTS

; ------------------------------------------------------------------------------------
; UpdateMenus — dim what is not possible now and check what is on.
;   New Game: no game in progress; End Game: a game in progress; Resume Game: a saved
;   game on the disk and none in progress; Undo: the player's
;   discard waits beside the pile; Advice: the human is to act and no tournament;
;   Players and Enter Name: not in a tournament game (the record's name is fixed);
;   Tournament Mode: between games; Show Cards: in a game, not a tournament;
;   Computer Visible: not in tournament mode (the opponent's cards stay hidden there);
;   Score Sheet: a game on or just over.
;   Then the system volume follows Options > Sound (SoundVolume).
; ------------------------------------------------------------------------------------
UpdateMenus
        JSR     InGame                  ; carry = a game is in progress
        LDA     #0
        ROL     A
        STA     MenuTmp                 ; MenuTmp = 1 in a game
        EOR     #1
        LDX     #I_NEWGAME
        JSR     EnableIf
        LDA     MenuTmp
        LDX     #I_ENDGAME
        JSR     EnableIf
        LDA     MenuTmp                 ; Resume Game: a saved game, none in progress
        EOR     #1
        AND     GameSaved
        LDX     #I_RESUME
        JSR     EnableIf
        LDA     MenuTmp
        EOR     #1
        LDX     #I_TOURNAMENT
        JSR     EnableIf
        JSR     CanUndo                 ; play.asm: carry = Undo possible
        LDA     #0
        ROL     A
        LDX     #I_UNDO
        JSR     EnableIf
        JSR     CanAdvise               ; play.asm: carry = the human may ask
        LDA     #0
        ROL     A
        LDX     #I_ADVICE
        JSR     EnableIf
        LDA     MenuTmp                 ; Players: not during a tournament game
        AND     SetTournament
        EOR     #1
        LDX     #I_PLAYERS
        JSR     EnableIf
        LDA     MenuTmp                 ; Enter Name: likewise
        AND     SetTournament
        EOR     #1
        LDX     #I_NAME
        JSR     EnableIf
        LDA     SetTournament           ; Show Cards: in a game, not a tournament
        EOR     #1
        AND     MenuTmp
        LDX     #I_SHOWCARDS
        JSR     EnableIf
        LDA     GPhase                  ; Score Sheet: a game, on or just over
        LDX     #I_SHEET
        JSR     EnableIf
        LDA     SetTournament           ; Computer Visible: no effect in a tournament
        EOR     #1
        LDX     #I_VISIBLE
        JSR     EnableIf
        LDA     SetSound                ; the check marks
        LDX     #I_SOUND
        JSR     CheckIf
        LDA     SetFX
        LDX     #I_FX
        JSR     CheckIf
        LDA     SetVisible
        LDX     #I_VISIBLE
        JSR     CheckIf
        LDA     SetTournament
        LDX     #I_TOURNAMENT
        JSR     CheckIf
        JMP     SoundVolume             ; sound.asm: muted when Sound is off

; EnableIf — A <> 0: EnableMItem(X), else DisableMItem(X).
EnableIf
        PHX
        CMP     #0
        BEQ     @off
        _EnableMItem
        RTS
@off    _DisableMItem
        RTS

; CheckIf — CheckMItem(A <> 0, X).
CheckIf
        AND     #1
        PHA
        PHX
        _CheckMItem
        RTS

; ------------------------------------------------------------------------------------
; FocusTable — SetPort(the table window), so the drawing that follows lands on it.
; ------------------------------------------------------------------------------------
FocusTable
        PushVarLong TableWin
        _SetPort
        RTS

; ------------------------------------------------------------------------------------
; Beep — SysBeep when Sound is on.
; ------------------------------------------------------------------------------------
Beep
        LDA     SetSound
        BEQ     @out
        _SysBeep
@out    RTS

        INCLUDE 'desktop.asm'           ; toolbox/asm/: StartDesktop, NewBlock, NextTask
        INCLUDE 'app/table.asm'
        INCLUDE 'app/play.asm'
        INCLUDE 'app/dialogs.asm'
        INCLUDE 'app/files.asm'
        INCLUDE 'app/stats.asm'
        INCLUDE 'app/cards.asm'
        INCLUDE 'app/sound.asm'
        INCLUDE 'app/help.asm'
        INCLUDE 'app/data.asm'
        ENDP
        END
