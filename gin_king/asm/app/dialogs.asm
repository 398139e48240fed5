; dialogs.asm — the About box and the tutor's advice (Dialog Manager alerts, Toolbox
; Reference vol. 1 ch. 6; templates as in ORCA/C dialog.h). Included into main.asm.

; ------------------------------------------------------------------------------------
; DoAbout — Apple/About Gin King: the version and credits, and the copyright on a line
;   of its own, in a note alert sized to its text (TellNote; Escape closes it too).
; ------------------------------------------------------------------------------------
DoAbout
        STZ     AdvLen                  ; AdvText := AboutText, a return, AboutCopy
        LDX     #AboutText
        JSR     AdvAppendPStr
        LDX     #AboutReturn
        JSR     AdvAppendPStr
        LDX     #AboutCopy
        JSR     AdvAppendPStr
        JMP     TellNote

; ------------------------------------------------------------------------------------
; DoAdvice — Options/Advice (Apple-A): the tutor's advice on the decision the human
;   faces (GK_Decide with the tutor's personality), "Advice from <tutor>: ..." in an
;   alert. The text can be longer than a Pascal string, so it goes in three parts
;   (^0^1^2). A knock that is not legal yet is explained without asking the tutor.
; ------------------------------------------------------------------------------------
ADVICE_PART     EQU     240             ; bytes per part

DoAdvice
        JSR     CanAdvise
        BCS     @ask
        JMP     Beep
@ask    LDA     SetTutor
        STA     PosPers
        LDA     GPhase
        CMP     #PH_DISCARD
        BEQ     @discard
        CMP     #PH_KNOCKQ
        BEQ     @knock
        LDA     #DEC_DRAW
        BRA     @decide
@discard LDA    #DEC_DISCARD
@decide JSR     Decide
        JSR     AdviceText
        BRA     @show
@knock  JSR     KnockDeadwood
        CMP     KnockLimit
        BEQ     @legal
        BCC     @legal
        STA     MsgTmp3                 ; not legal: say so
        STZ     DecBlock+Dec.textLen
        JSR     AdviceText
        LDA     AdvLen
        STA     AdvPos
        JSR     MsgClear
        Msg     'You cannot knock yet: you have '
        LDA     MsgTmp3
        LDX     #NounPoint              ; "1 point" (table.asm MsgQuantity)
        JSR     MsgQuantity
        Msg     ' of deadwood. Click the pile.'
        JSR     AdvAppendBuild
        BRA     @show
@legal  LDA     #DEC_KNOCK
        BRA     @decide
@show   JMP     TellNote

; ------------------------------------------------------------------------------------
; TellNote, TellCaution — AdvText (AdvLen bytes) in a note alert (advice, About,
;   history) or a caution alert (the program refusing an action), sized to its text as
;   IIGS alerts are: the text right of the toolbox's icon, one line as wide as the text
;   when it fits ALERT_LINE_W, else as many lines of ALERT_LINE_W as its width needs
;   (ALERT_WRAP a line leaves room for the word-wrap), a single paragraph's lines made
;   alike (the width shared out, the wrap's room added: no word alone on the last
;   line, issue 45); OK under it at the right, the
;   alert centred. The text goes to the alert in three parts (^0^1^2, ParamText).
;   In: AdvText, AdvLen.  Out: A = the item hit (OK).
;   Clobbers: X, Y, AdvPos, AdvPart0-2, MsgCount, TellCall, TellParas, TellWidth,
;   TellLines.  M/X 16-bit, B = our bank.
;   Cost: about 30 cycles a byte of text (the split) and 300 more, besides the tool calls.
;   Notes: Toolbox Reference vol. 1 ch. 6 (alerts: NoteAlert $1915, CautionAlert $1A15,
;   the icon drawn by the Dialog Manager); the call is made by its number in TellCall.
; RefuseBuild — the program refuses an action: a beep (Sound on), then Build (the
;   reason) in a caution alert.  In: Build.  Clobbers as TellCaution and AdvLen.
; ------------------------------------------------------------------------------------
ALERT_TEXT_L    EQU     50              ; the text's left, right of the icon
ALERT_LINE_W    EQU     400             ; the widest line of text
ALERT_WRAP      EQU     340             ; pixels of text a wrapped line is counted for
ALERT_LINE      EQU     10              ; a line's height
ALERT_SPACE     EQU     8               ; a space's width and a pixel's rounding
ALERT_TOP       EQU     30              ; the alert's top (TellAlert)
ALERT_MARGIN    EQU     16              ; right of the text and the OK button
OK_WIDTH        EQU     60
SCREEN_MID      EQU     320             ; the 640-mode screen's centre
NOTE_ALERT      EQU     $1915           ; the tool calls (function << 8 | Dialog Mgr)
CAUTION_ALERT   EQU     $1A15

RefuseBuild
        JSR     Beep
        STZ     AdvLen                  ; AdvText := Build
        JSR     AdvAppendBuild
TellCaution
        LDX     #CAUTION_ALERT
        BRA     Tell
TellNote
        LDX     #NOTE_ALERT
Tell    LDA     #TellAlert              ; OK alone (and Escape: EscapeItem)
TellWith
        STA     TellWhich
        STX     TellCall
        JSR     AdvSplit
        PushLong AdvPart0               ; ParamText(part 0, part 1, part 2, nil)
        PushLong AdvPart1
        PushLong AdvPart2
        PEA     $0000
        PEA     $0000
        _ParamText
        JSR     AdvReturns              ; X = 1 + the returns in the text
        STX     TellParas
        PHX
        PHA                             ; TextWidth(@AdvText, AdvLen)
        PushLong AdvText
        LDA     AdvLen
        PHA
        _TextWidth
        PLA
        PLX
        CMP     #ALERT_LINE_W           ; one line when it fits a line
        BCC     @one                    ;   (carry clear)
        STA     TellWidth
@div    CMP     #ALERT_WRAP             ; else width / ALERT_WRAP more
        BCC     @many
        SBC     #ALERT_WRAP
        INX
        BRA     @div
@many   LDA     TellParas               ; one paragraph: its lines alike, as wide as
        CMP     #1                      ;   the text / the lines and the wrap's room
        BNE     @whole                  ;   (no word left alone on the last line)
        STX     TellLines
        JSR     AdvLongestWord          ; the wrap's room: the widest word and a space
        CLC
        ADC     #ALERT_SPACE
        TAY
        LDA     TellWidth
@quot   CMP     TellLines
        BCC     @even
        SBC     TellLines
        INY
        BRA     @quot
@even   LDX     TellLines               ; (X: the lines again)
        TYA
        CMP     #ALERT_LINE_W-4
        BCC     @one
@whole  LDA     #ALERT_LINE_W-4         ; a whole line wide
@one    CMP     #ASK_TEXT_W             ; wide enough for two buttons
        BCS     @wide
        LDA     #ASK_TEXT_W
@wide   CLC
        ADC     #ALERT_TEXT_L+4         ; the text's right, OK's right under it
        STA     TellMsg+8
        STA     TellOK+8
        SEC
        SBC     #OK_WIDTH
        STA     TellOK+4
        ADC     #OK_WIDTH+ALERT_MARGIN-1 ; the alert's width (carry set)
        STA     MsgCount
        LSR     A                       ; left = SCREEN_MID - width / 2
        EOR     #$FFFF
        SEC
        ADC     #SCREEN_MID
        STA     TellAlert+2
        CLC                             ; right = left + width
        ADC     MsgCount
        STA     TellAlert+6
        TXA                             ; the lines' height
        LDX     #ALERT_LINE
        JSR     Mul
        CLC
        ADC     #12                     ; the text's bottom
        STA     TellMsg+6
        ADC     #8                      ; the OK button under it
        STA     TellOK+2
        ADC     #13
        STA     TellOK+6
        ADC     #8+ALERT_TOP
        STA     TellAlert+4
        LDX     #6                      ; an ask: the same bounds; Cancel where OK
@ask    LDA     TellAlert,X             ;   is, the action left of it
        STA     AskAlert,X
        LDA     TellOK+2,X
        STA     AskCancel+2,X
        STA     AskGo+2,X
        DEX
        DEX
        BPL     @ask
        LDA     TellOK+4
        SEC
        SBC     #ASK_GAP
        STA     AskGo+8
        SBC     #OK_WIDTH
        STA     AskGo+4
        PHA                             ; NoteAlert/CautionAlert(TellWhich, nil)
        PEA     GinKing>>16
        LDA     TellWhich
        PHA
        PEA     $0000
        PEA     $0000
        LDX     TellCall                ; (_Tool with the number in TellCall)
        JSL     TOOL_ENTRY
        PLA
        RTS

; TellAsk — AdvText (AdvLen bytes) asks before a destructive action: a caution alert
;   sized to the text (as Tell), Cancel at the right and the default (Return, Escape),
;   the action's button left of it (Apple's Human Interface Guidelines: the safe
;   answer is the default).  In: A = the action button's title (a Pascal string in
;   this bank), AdvText.  Out: A = ASK_GO or ASK_CANCEL.  Clobbers as Tell.
ASK_GO          EQU     1               ; AskAlert's items
ASK_CANCEL      EQU     2
ASK_GAP         EQU     16              ; between the two buttons
ASK_TEXT_W      EQU     2*OK_WIDTH+ASK_GAP-ALERT_TEXT_L+ALERT_MARGIN
TellAsk
        STA     AskGo+12
        LDA     #AskAlert
        LDX     #CAUTION_ALERT
        JMP     TellWith

; AdvLongestWord — A := the width of AdvText's widest word (spaces and returns part
;   words), with TextWidth as the alert draws it.  Clobbers X, Y.
;   Cost: about 20 cycles a byte and a TextWidth a word.
AdvLongestWord
        STZ     TellLong
        LDY     #0
@word   STY     TellFrom                ; a word starts at Y
@scan   CPY     AdvLen
        BCS     @end
        LDA     AdvText,Y
        AND     #$00FF
        CMP     #' '
        BEQ     @end
        CMP     #$0D
        BEQ     @end
        INY
        BRA     @scan
@end    PHY
        TYA                             ; its bytes
        SEC
        SBC     TellFrom
        BEQ     @next
        TAX
        PHA                             ; TextWidth(@AdvText + from, bytes)
        PEA     AdvText>>16
        LDA     #AdvText
        CLC
        ADC     TellFrom
        PHA
        PHX
        _TextWidth
        PLA
        CMP     TellLong
        BCC     @next
        STA     TellLong
@next   PLY
        INY                             ; past the space or return
        CPY     AdvLen
        BCC     @word
        LDA     TellLong
        RTS

TellLong        DC.W    0
TellFrom        DC.W    0

; AdvReturns — X := 1 + the returns ($0D: a line of its own follows) in AdvText.
;   Clobbers Y.  About 20 cycles a byte.
AdvReturns
        PHA
        LDX     #1
        LDY     #0
@byte   CPY     AdvLen
        BCS     @out
        LDA     AdvText,Y
        AND     #$00FF
        CMP     #$0D
        BNE     @next
        INX
@next   INY
        BRA     @byte
@out    PLA
        RTS

TellCall        DC.W    0
TellWhich       DC.W    0               ; the alert template (TellAlert, AskAlert)
TellParas       DC.W    0               ; the text's paragraphs (1 + its returns)
TellWidth       DC.W    0               ; the text's width on one line
TellLines       DC.W    0               ; the lines it takes

; AdviceText — AdvText := "Advice from <tutor>: " + DecBlock's text; AdvLen its length.
AdviceText
        JSR     MsgClear
        Msg     'Advice from '
        LDA     SetTutor
        ASL     A
        TAX
        LDA     PersNames,X
        TAX
        JSR     MsgPStr
        Msg     ': '
        STZ     AdvLen
        JSR     AdvAppendBuild
        LDA     DecBlock+Dec.textLen
        CMP     #TEXT_MAX
        BCC     @len
        LDA     #TEXT_MAX
@len    STA     MsgCount
        LDX     #0
        LDY     AdvLen
@copy   CPX     MsgCount
        BCS     @done
        SEP     #$20
        LONGA   OFF
        LDA     DecBlock+Dec.text,X
        STA     AdvText,Y
        REP     #$20
        LONGA   ON
        INX
        INY
        BRA     @copy
@done   STY     AdvLen
        RTS

; AdvAppendBuild — append Build's text to AdvText.
; AdvAppendPStr — append the Pascal string at X (our bank) to AdvText.
; AdvAppendCount — append the MsgCount bytes from X+1 on (a GSString: files.asm
;   AdvAppendPath).
;   In: AdvLen.  Out: AdvLen.  Clobbers A, X, Y, MsgCount.
AdvAppendBuild
        LDX     #Build
AdvAppendPStr
        LDA     |$0000,X
        AND     #$00FF
        STA     MsgCount
AdvAppendCount
        LDY     AdvLen
@copy   LDA     MsgCount
        BEQ     @done
        SEP     #$20
        LONGA   OFF
        LDA     |$0001,X
        STA     AdvText,Y
        REP     #$20
        LONGA   ON
        INX
        INY
        DEC     MsgCount
        BRA     @copy
@done   STY     AdvLen
        RTS

; AdvSplit — AdvText cut into three Pascal strings of at most ADVICE_PART bytes.
AdvSplit
        STZ     AdvPos
        LDX     #AdvPart0
        JSR     AdvOne
        LDX     #AdvPart1
        JSR     AdvOne
        LDX     #AdvPart2
AdvOne
        STX     <Zp.ptr
        LDA     AdvLen                  ; n = min(left, ADVICE_PART)
        SEC
        SBC     AdvPos
        BPL     @pos
        LDA     #0
@pos    CMP     #ADVICE_PART
        BCC     @n
        LDA     #ADVICE_PART
@n      STA     MsgCount
        SEP     #$20
        LONGA   OFF
        STA     (<Zp.ptr)               ; the length byte
        REP     #$20
        LONGA   ON
        LDY     #1
        LDX     AdvPos
@copy   DEC     MsgCount
        BMI     @done
        SEP     #$20
        LONGA   OFF
        LDA     AdvText,X
        STA     (<Zp.ptr),Y
        REP     #$20
        LONGA   ON
        INX
        INY
        BRA     @copy
@done   STX     AdvPos
        RTS

AdvLen          DC.W    0
AdvPos          DC.W    0
AdvText         DS.B    TEXT_MAX+64
AdvPart0        DS.B    ADVICE_PART+1
AdvPart1        DS.B    ADVICE_PART+1
AdvPart2        DS.B    ADVICE_PART+1


; ------------------------------------------------------------------------------------
; The radio-button dialogs (Game Settings, Players, House Rules) share one engine: a
;   dialog is its bounds, a list of item templates and a list of radio groups; a group is
;   a family of radio buttons (first item ID, count) standing for one setting word (the
;   index of the button that is on). A dialog may also have a row of check boxes
;   (DlgChecks: first item ID, DlgCheckN of them, each a word 0/1 of DlgCheckVar's list;
;   DlgCheckHook runs after one is turned over); CloseDlg sets them back to none.
;   DlgBounds, DlgItemList, DlgItemN, DlgGroups, DlgGroupN describe the open dialog.
; ------------------------------------------------------------------------------------
Group   RECORD  0
first   DS.W    1                       ; item ID of the setting's value 0
count   DS.W    1                       ; buttons in the family
var     DS.W    1                       ; the setting word (our bank)
Size    EQU     *
        ENDR

; OpenDlg — NewModalDialog(DlgBounds, visible) with its items; each group's button on.
OpenDlg
        PHA                             ; DlgPtr = NewModalDialog(@bounds, TRUE, 0)
        PHA
        PEA     GinKing>>16
        LDA     DlgBounds
        PHA
        PEA     $0001
        PEA     $0000
        PEA     $0000
        _NewModalDialog
        PLA
        STA     DlgPtr
        PLA
        STA     DlgPtr+2
        LDA     DlgItemList             ; GetNewDItem(dlg, each template)
        STA     <Zp.ptr
        LDY     #0
@items  CPY     DlgItemN
        BCS     @boxes
        PHY
        PushVarLong DlgPtr
        PEA     GinKing>>16
        LDA     (<Zp.ptr),Y
        PHA
        _GetNewDItem
        PLY
        INY
        INY
        BRA     @items
@boxes  LDA     DlgCheckVar             ; SetDItemValue(var[i], dlg, checks + i)
        STA     <DeskDP.handle
        LDX     #0
@checks CPX     DlgCheckN
        BCS     @groups
        PHX
        TXA
        ASL     A
        TAY
        LDA     (<DeskDP.handle),Y
        PHA
        PushVarLong DlgPtr
        TXA
        CLC
        ADC     DlgChecks
        PHA
        _SetDItemValue
        PLX
        INX
        BRA     @checks
@groups LDX     #0                      ; SetDItemValue(1, dlg, first + setting)
@group  CPX     DlgGroupN
        BCS     @out
        PHX
        JSR     GroupAt                 ; Zp.ptr2 -> the group
        PEA     $0001
        PushVarLong DlgPtr
        LDY     #Group.var
        LDA     (<Zp.ptr2),Y
        STA     <DeskDP.handle
        LDA     (<DeskDP.handle)
        LDY     #Group.first
        CLC
        ADC     (<Zp.ptr2),Y
        PHA
        _SetDItemValue
        PLX
        INX
        BRA     @group
@out    RTS

; GroupAt — X = group number -> Zp.ptr2 = its Group record.
GroupAt
        TXA
        ASL     A
        STA     MulA
        ASL     A
        CLC
        ADC     MulA                    ; x * 6
        CLC
        ADC     DlgGroups
        STA     <Zp.ptr2
        RTS

; DlgLoop — ModalDialog until OK (1) or Cancel (2); a check box clicked is turned over,
;   a radio button clicked is turned on (its family turns the others off).
;   Out: A = the button that ended the dialog.
DlgLoop
        PHA                             ; hit = ModalDialog(nil)
        PEA     $0000
        PEA     $0000
        _ModalDialog
        PLA
        STA     DlgHit
        CMP     #3
        BCS     @radio
        CMP     #1
        BCC     DlgLoop
        RTS
@radio  SEC                             ; one of the check boxes? turn it over
        SBC     DlgChecks
        CMP     DlgCheckN
        BCS     @groups
        PHA                             ; SetDItemValue(1 - GetDItemValue(dlg, hit))
        PushVarLong DlgPtr
        LDA     DlgHit
        PHA
        _GetDItemValue
        PLA
        EOR     #1
        JSR     SetHitValue
        LDX     #0                      ; the dialog's own links between the boxes
        JSR     (DlgCheckHook,X)
        BRA     DlgLoop
@groups LDX     #0                      ; one of the groups' buttons?
@group  CPX     DlgGroupN
        BCS     DlgLoop
        PHX
        JSR     GroupAt
        PLX
        LDA     DlgHit
        LDY     #Group.first
        SEC
        SBC     (<Zp.ptr2),Y
        LDY     #Group.count
        CMP     (<Zp.ptr2),Y
        BCC     @on
        INX
        BRA     @group
@on     LDA     #1                      ; SetDItemValue(1, dlg, hit)
        JSR     SetHitValue
        BRA     DlgLoop

; SetHitValue — SetDItemValue(A, DlgPtr, DlgHit).  Clobbers A.
SetHitValue
        LDX     DlgHit
SetItemValue                            ; SetDItemValue(A, DlgPtr, X)
        PHA
        PushVarLong DlgPtr
        PHX
        _SetDItemValue
        RTS

; ItemValue — A := GetDItemValue(DlgPtr, A).
ItemValue
        TAX
        PHA
        PushVarLong DlgPtr
        PHX
        _GetDItemValue
        PLA
        RTS

; ReadGroups — each check box's word := its value (0 or 1); each group's setting := the
;   index of its button that is on.
ReadGroups
        LDX     #0
@check  CPX     DlgCheckN
        BCS     @radios
        PHX
        TXA
        CLC
        ADC     DlgChecks
        JSR     ItemValue
        PLX
        PHA
        TXA
        ASL     A
        TAY
        LDA     DlgCheckVar
        STA     <DeskDP.handle
        PLA
        STA     (<DeskDP.handle),Y
        INX
        BRA     @check
@radios LDX     #0
@group  CPX     DlgGroupN
        BCS     @out
        PHX
        JSR     GroupAt
        STZ     DlgI
@button LDA     DlgI
        LDY     #Group.count
        CMP     (<Zp.ptr2),Y
        BCS     @next
        PHA                             ; GetDItemValue(dlg, first + i)
        PushVarLong DlgPtr
        LDY     #Group.first
        LDA     (<Zp.ptr2),Y
        CLC
        ADC     DlgI
        PHA
        _GetDItemValue
        PLA
        BEQ     @off
        LDY     #Group.var
        LDA     (<Zp.ptr2),Y
        STA     <DeskDP.handle
        LDA     DlgI
        STA     (<DeskDP.handle)
@off    INC     DlgI
        BRA     @button
@next   PLX
        INX
        BRA     @group
@out    RTS

; CloseDlg — CloseDialog(DlgPtr); the next dialog has no check boxes unless it says so.
CloseDlg
        PushVarLong DlgPtr
        _CloseDialog
        STZ     DlgCheckN
        LDA     #Ignore
        STA     DlgCheckHook
        RTS

; DisableItem — DisableDItem(DlgPtr, A).
DisableItem
        TAX
        PushVarLong DlgPtr
        PHX
        _DisableDItem
        RTS

; ------------------------------------------------------------------------------------
; DoGameSettings — Settings/Game Settings...: variant, points per game, hand display
;   and shuffle mode. OK keeps the choices, Cancel leaves the settings as they were.
;   The variant and the points per game are fixed during a game (ghosted); in a
;   tournament Sort by Melds, Replay and User Supplied Cards are not offered.
; ------------------------------------------------------------------------------------
DoGameSettings
        LDA     #GsBounds
        STA     DlgBounds
        LDA     #GsItems
        STA     DlgItemList
        LDA     #GS_ITEMS*2
        STA     DlgItemN
        LDA     #GsGroups
        STA     DlgGroups
        LDA     #GS_GROUPS
        STA     DlgGroupN
        JSR     OpenDlg
        JSR     InGame
        BCC     @tour
        LDA     #GS_STANDARD            ; the variant is fixed during a game
        JSR     DisableItem
        LDA     #GS_OKLAHOMA
        JSR     DisableItem
        LDA     #GS_POINTS              ; and so are the points per game (the
@pts    PHA                             ;   game's target was taken at New Game)
        JSR     DisableItem
        PLA
        INC     A
        CMP     #GS_POINTS+POINTS_CHOICES
        BCC     @pts
@tour   LDA     SetTournament
        BEQ     @loop
        LDA     #GS_MELDS               ; a tournament: By melds, Replay Cards and
        JSR     DisableItem             ;   User Supplied are not offered
        LDA     #GS_REPLAY
        JSR     DisableItem
        LDA     #GS_USER
        JSR     DisableItem
        LDA     #GS_POINTS+POINTS_250   ;   nor the house choice of 250 points
        JSR     DisableItem
@loop   JSR     DlgLoop
        CMP     #1
        BNE     @close
        JSR     ReadGroups
@close  JSR     CloseDlg
        JMP     Redraw

GS_STANDARD     EQU     3               ; item IDs of the Game Settings dialog
GS_OKLAHOMA     EQU     4
GS_POINTS       EQU     5               ; 100 .. 500: 5 .. 10, then 250 (002): 11
GS_MATRIX       EQU     12              ; matrix, by rank, by suit, by melds: 12 .. 15
GS_MELDS        EQU     15
GS_SHUFFLE      EQU     16              ; shuffle, replay, user supplied: 16 .. 18
GS_REPLAY       EQU     17
GS_USER         EQU     18
GsBounds        DC.W    30,100,185,540
GsGroups
        DC.W    GS_STANDARD,2,SetVariant
        DC.W    GS_POINTS,POINTS_CHOICES,SetPoints
        DC.W    GS_MATRIX,4,SetDisplay
        DC.W    GS_SHUFFLE,3,SetShuffle
GS_GROUPS       EQU     (*-GsGroups)/Group.Size

; ------------------------------------------------------------------------------------
; DoPlayers — Settings/Players...: player 1 (a personality or Human), player 2 (a
;   personality: a human plays only as player 1) and the tutor; King, the eighth computer
;   player (beyond the original program), is listed after Shark. OK applies them at
;   once, also to the game in progress (the computer moves if it is now its turn).
; ------------------------------------------------------------------------------------
DoPlayers
        LDA     SetTournament           ; not in a tournament game
        BEQ     @open
        JSR     InGame
        BCC     @open
        JMP     Beep
@open   LDA     #PlBounds
        STA     DlgBounds
        LDA     #PlItems
        STA     DlgItemList
        LDA     #PL_ITEMS*2
        STA     DlgItemN
        LDA     #PlGroups
        STA     DlgGroups
        LDA     #PL_GROUPS
        STA     DlgGroupN
        JSR     PlayersToButtons
        JSR     OpenDlg
        JSR     DlgLoop
        CMP     #1
        BNE     @close
        JSR     ReadGroups
        JSR     ButtonsToPlayers
@close  JSR     CloseDlg
        JSR     InGame
        BCC     @draw
        LDA     SetP1                   ; the game's players change with the settings
        STA     Kind
        LDA     SetP2
        STA     Kind+2
        JMP     AfterMove
@draw   JMP     Redraw

PL_P1           EQU     3               ; item IDs of the Players dialog: player 1
PL_P2           EQU     12              ;   (Irv .. Shark, King, Human), player 2 and
PL_TUTOR        EQU     20              ;   tutor (Irv .. Shark, King)
PL_COMPUTERS    EQU     8               ; the buttons of player 2 and of the tutor
PlBounds        DC.W    25,110,190,520
PlGroups                                ; each on its button index (PlayerButton)
        DC.W    PL_P1,PLAYER_KINDS,PlButton
        DC.W    PL_P2,PL_COMPUTERS,PlButton+2
        DC.W    PL_TUTOR,PL_COMPUTERS,PlButton+4
PL_GROUPS       EQU     (*-PlGroups)/Group.Size
PlButton        DS.W    PL_GROUPS       ; SetP1, SetP2, SetTutor as button indexes
PlI             DC.W    0

; PlayerButton — A = a player kind <-> the index of its button in the Players dialog
;   (its own inverse): King (8) is listed after Shark, at 7, and Human (7) last, at 8,
;   while the kinds keep the numbers the settings file has always had.
PlayerButton
        CMP     #HUMAN
        BEQ     @king
        CMP     #KING
        BNE     @same
        LDA     #HUMAN
        RTS
@king   LDA     #KING
@same   RTS

; PlayersToButtons / ButtonsToPlayers — PlButton[i] <-> SetP1, SetP2, SetTutor.
PlayersToButtons
        LDX     #0
@each   LDA     SetP1,X
        JSR     PlayerButton
        STA     PlButton,X
        INX
        INX
        CPX     #PL_GROUPS*2
        BCC     @each
        RTS
ButtonsToPlayers
        LDX     #0
@each   LDA     PlButton,X
        JSR     PlayerButton
        STA     SetP1,X
        INX
        INX
        CPX     #PL_GROUPS*2
        BCC     @each
        RTS

; ------------------------------------------------------------------------------------
; DoHouseRules — Settings/House Rules...: the house rules of docs/rules.md in a dialog in
;   the look of Game Settings: check boxes for the switches (each a word of SetRules, in
;   RulesRec order), the box's three modes, and edit lines for the five bonuses (0 .. 999
;   points; the shutout also "double"). OK keeps them (a bad number is refused with a
;   caution alert and the dialog stays); Cancel leaves SetRules as it was. During a game
;   every rule is ghosted, the bonuses' edit lines too (they take no keys), and OK takes
;   nothing (the game plays by the rules it began with); with Oklahoma the
;   Eleven/Ten deal is, and shown unticked (002: dealt ten and ten; the setting is
;   kept for the standard game, issue 45). Knocking off turns laying off off, and
;   laying off off turns laying off on gin off (HrLinks). A tournament plays the manual's
;   rules (play.asm RulesIn); the dialog says so.
; ------------------------------------------------------------------------------------
HR_KNOCKOFF     EQU     3               ; item IDs: the check boxes, RulesRec words 0 .. 6
HR_LAYOFFOFF    EQU     4
HR_LAYOFFGIN    EQU     5
HR_ELEVEN       EQU     8
HR_CHECKS       EQU     7
HR_BOX          EQU     10              ; each, difference, off: 10 .. 12
HR_EDITS        EQU     13              ; gin, undercut, box, game, shutout: 13 .. 17
HR_NUMBERS      EQU     5
HR_LAST_RULE    EQU     HR_EDITS+HR_NUMBERS-1
HR_EDIT_LEN     EQU     6               ; "double"
HR_TEXT_SIZE    EQU     8               ; a field's first text (Pascal string)
HR_MAX_BONUS    EQU     999

DoHouseRules
        LDA     #HrBounds
        STA     DlgBounds
        LDA     #HrItems
        STA     DlgItemList
        LDA     #HR_ITEMS*2
        STA     DlgItemN
        LDA     #HrGroups
        STA     DlgGroups
        LDA     #1
        STA     DlgGroupN
        LDA     #HR_KNOCKOFF
        STA     DlgChecks
        LDA     #HR_CHECKS
        STA     DlgCheckN
        LDA     #SetRules
        STA     DlgCheckVar
        LDA     #HrLinks
        STA     DlgCheckHook
        JSR     OpenDlg
        LDX     #0                      ; the bonuses' edit lines
@edit   STX     HrI
        JSR     HrFieldText
        LDA     HrI                     ; NewDItem(dlg, HR_EDITS + i, @rect i, editLine,
        ASL     A                       ;   @text i, HR_EDIT_LEN, 0, nil)
        ASL     A
        ASL     A
        STA     HrOff
        PushVarLong DlgPtr
        LDA     HrI
        CLC
        ADC     #HR_EDITS
        PHA
        PEA     GinKing>>16
        LDA     #HrEditRects
        CLC
        ADC     HrOff
        PHA
        PEA     $0011
        PEA     GinKing>>16
        LDA     #HrTexts
        CLC
        ADC     HrOff
        PHA
        PEA     HR_EDIT_LEN
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _NewDItem
        LDX     HrI
        INX
        CPX     #HR_NUMBERS
        BCC     @edit
        JSR     InGame                  ; during a game: every rule ghosted
        BCC     @okla
        LDA     #HR_KNOCKOFF
@ghost  PHA
        JSR     DisableItem
        PLA
        INC     A
        CMP     #HR_LAST_RULE+1
        BCC     @ghost
@okla   LDA     SetVariant              ; Oklahoma: never the Eleven/Ten deal: its
        BEQ     @loop                   ;   box unticked and ghosted (the setting
        LDA     #0                      ;   kept for the standard game: @keep)
        LDX     #HR_ELEVEN
        JSR     SetItemValue
        LDA     #HR_ELEVEN
        JSR     DisableItem
@loop   JSR     DlgLoop
        CMP     #1
        BEQ     @ok
        JMP     @close
@ok     JSR     InGame                  ; during a game nothing is taken: the game
        BCC     @read                   ;   keeps the rules it began with
        JMP     @close
@read   JSR     HrReadNumbers
        BCC     @keep
        JSR     MsgClear                ; a bad number: refused, asked again
        Msg     'Please type each bonus as a number of points from 0 to 999 (the shutout may also be double).'
        JSR     RefuseBuild
        BRA     @loop
@keep   LDA     SetRules+RulesRec.deal  ; (Oklahoma: the deal's box only shown off)
        STA     HrDeal
        JSR     ReadGroups
        LDA     SetVariant
        BEQ     @nums
        LDA     HrDeal
        STA     SetRules+RulesRec.deal
@nums   LDX     #2*(HR_NUMBERS-1)
@put    LDY     HrFields,X
        LDA     HrNums,X
        STA     SetRules,Y
        DEX
        DEX
        BPL     @put
        LDA     SetRules+RulesRec.knockOff ; knocking off: no laying off
        BEQ     @lay
        STA     SetRules+RulesRec.layoffOff
@lay    LDA     SetRules+RulesRec.layoffOff ; no laying off: not on gin either
        BEQ     @close
        STZ     SetRules+RulesRec.layoffGin
@close  JSR     CloseDlg
        JMP     Redraw

; HrLinks — after a box is turned over: knocking off checks laying off off, and laying
;   off off unchecks laying off on gin (docs/rules.md's rulings, shown as they happen).
HrLinks
        LDA     #HR_KNOCKOFF
        JSR     ItemValue
        BEQ     @lay
        LDX     #HR_LAYOFFOFF
        JSR     SetItemValue            ; (A = 1)
@lay    LDA     #HR_LAYOFFOFF
        JSR     ItemValue
        BEQ     @out
        LDA     #0
        LDX     #HR_LAYOFFGIN
        JSR     SetItemValue
@out    RTS

; HrFieldText — HrTexts[HrI] := SetRules' bonus HrI as text ("double" for the manual's
;   shutout).  Clobbers A, X, Y, Build.
HrFieldText
        JSR     MsgClear
        LDA     HrI
        ASL     A
        TAX
        LDY     HrFields,X
        LDA     SetRules,Y
        CMP     #SHUTOUT_DOUBLE
        BNE     @num
        Msg     'double'
        BRA     @copy
@num    JSR     MsgNum
@copy   LDA     HrI                     ; Build (7 bytes at most) -> HrTexts + 8i
        ASL     A
        ASL     A
        ASL     A
        TAY
        LDX     #0
@byte   LDA     Build,X
        STA     HrTexts,Y
        INY
        INY
        INX
        INX
        CPX     #HR_TEXT_SIZE
        BCC     @byte
        RTS

; HrReadNumbers — HrNums := the five edit lines' numbers.  Out: carry set when one is
;   not 0 .. HR_MAX_BONUS (or, for the shutout, "double": SHUTOUT_DOUBLE).
;   Clobbers A, X, Y, AdvText.
HrReadNumbers
        STZ     HrI
@field  PushVarLong DlgPtr              ; GetIText(dlg, HR_EDITS + i, @AdvText)
        LDA     HrI
        CLC
        ADC     #HR_EDITS
        PHA
        PushLong AdvText
        _GetIText
        JSR     HrParse
        BCS     @out
        PHA
        LDA     HrI
        ASL     A
        TAX
        PLA
        STA     HrNums,X
        INC     HrI
        LDA     HrI
        CMP     #HR_NUMBERS
        BCC     @field
        CLC
@out    RTS

; HrParse — AdvText (a Pascal string) -> A = its number: 1 .. 3 digits, or "double" in
;   any case for the shutout (field HrI = HR_NUMBERS-1).  Out: carry set when bad.
HrParse
        LDA     AdvText
        AND     #$00FF
        STA     HrLen
        LDA     HrI
        CMP     #HR_NUMBERS-1
        BNE     @digits
        LDA     HrLen
        CMP     #HR_EDIT_LEN
        BNE     @digits
        LDX     #HR_EDIT_LEN            ; "double", any case?
@dbl    LDA     AdvText,X
        ORA     #$0020                  ; lower case
        EOR     StDouble,X
        AND     #$00FF
        BNE     @bad
        DEX
        BNE     @dbl
        LDA     #SHUTOUT_DOUBLE
        CLC
        RTS
@digits LDA     HrLen
        BEQ     @bad
        CMP     #4
        BCS     @bad
        STZ     HrVal
        LDX     #1
@next   LDA     AdvText,X
        AND     #$00FF
        SEC
        SBC     #'0'
        CMP     #10
        BCS     @bad
        PHA                             ; value := value * 10 + digit
        LDA     HrVal
        ASL     A
        STA     HrVal
        ASL     A
        ASL     A
        CLC
        ADC     HrVal
        STA     HrVal
        PLA
        CLC
        ADC     HrVal
        STA     HrVal
        INX
        CPX     HrLen
        BCC     @next
        BEQ     @next
        LDA     HrVal
        CLC
        RTS
@bad    SEC
        RTS

HrI             DC.W    0
HrOff           DC.W    0
HrLen           DC.W    0
HrVal           DC.W    0
HrNums          DS.W    HR_NUMBERS
HrDeal          DC.W    0               ; SetRules' deal, kept under Oklahoma
HrFields                                ; the bonuses' offsets in SetRules
        DC.W    RulesRec.ginBonus,RulesRec.undercutBonus,RulesRec.boxBonus
        DC.W    RulesRec.gameBonus,RulesRec.shutout
HrTexts         DS.B    HR_NUMBERS*HR_TEXT_SIZE
HrGroups
        DC.W    HR_BOX,3,SetRules+RulesRec.box

; ------------------------------------------------------------------------------------
; DoEnterName — Settings/Enter Name...: the player's name in an edit line (LineEdit's
;   editing keys); OK keeps it. An empty name is not taken: a caution alert says so,
;   and the dialog stays for another entry (manual: "the program will re-prompt you").
; ------------------------------------------------------------------------------------
NAME_EDIT       EQU     3
NAME_LEN        EQU     20

DoEnterName
        LDA     #NmBounds
        STA     DlgBounds
        LDA     #NmItems
        STA     DlgItemList
        LDA     #NM_ITEMS*2
        STA     DlgItemN
        STZ     DlgGroupN
        JSR     OpenDlg
        PushVarLong DlgPtr              ; NewDItem(dlg, 3, @NameRect, editLine,
        PEA     NAME_EDIT               ;   @PlayerName, NAME_LEN, 0, nil)
        PushLong NameRect
        PEA     $0011
        PushLong PlayerName
        PEA     NAME_LEN
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _NewDItem
@ask    JSR     DlgLoop
        CMP     #1
        BNE     @close
        PushVarLong DlgPtr              ; GetIText(dlg, 3, @NameTry)
        PEA     NAME_EDIT
        PushLong NameTry
        _GetIText
        LDA     NameTry                 ; an empty name: refused, asked again
        AND     #$00FF
        BNE     @keep
        JSR     MsgClear
        Msg     'Please type a name: it cannot be empty.'
        JSR     RefuseBuild
        BRA     @ask
@keep   LDX     #NameTry                ; PlayerName := NameTry (files.asm CopyName)
        LDY     #PlayerName
        JSR     CopyName
@close  JSR     CloseDlg
        JMP     Redraw

NameTry         DS.B    NAME_MAX+1      ; the entry, kept when it is not empty

; EscapeItem — an invisible Cancel button (item 2, ctlInvis, one pixel in the corner:
;   an empty rectangle would be sized from its title, and hidden it is painted white,
;   over an alert's icon): ModalDialog answers Escape with item 2, so a window or alert
;   with only OK or Exit (Help, Show Cards, About, Show History) closes on Escape as the
;   other dialogs do.
EscapeItem DC.W 2,0,0,1,1,$0A
        DC.L    CancelStr
        DC.W    0,$80
        DC.L    0
NmBounds        DC.W    60,160,130,480
NameRect        DC.W    24,16,36,300
NmItems         DC.W    NmOK,NmCancel,NmLabel
NM_ITEMS        EQU     (*-NmItems)/2
NmOK    DC.W    1,48,230,61,300,$0A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
NmCancel DC.W   2,48,150,61,220,$0A
        DC.L    CancelStr
        DC.W    0,0
        DC.L    0
NmLabel DC.W    4,6,16,16,300,$800F
        DC.L    NmPrompt
        DC.W    0,0
        DC.L    0

DlgBounds       DC.W    0
DlgItemList     DC.W    0
DlgItemN        DC.W    0
DlgGroups       DC.W    0
DlgGroupN       DC.W    0
DlgPtr          DC.L    0
DlgChecks       DC.W    0               ; the first check box's item ID
DlgCheckN       DC.W    0               ; check boxes (0: none)
DlgCheckVar     DC.W    0               ; their words, one after another (our bank)
DlgCheckHook    DC.W    Ignore          ; called after a box is turned over
DlgHit          DC.W    0
DlgI            DC.W    0

; ---- alert templates (dialog.h): bounds, ID, four stages, items, 0 -------------------
TellAlert                               ; TellNote/TellCaution: sized to the text
        DC.W    ALERT_TOP,0,0,0
        DC.W    2
        DC.B    $80,$80,$80,$80
        DC.L    TellOK,TellMsg,EscapeItem,0
AskAlert                                ; TellAsk: the same, Cancel the default
        DC.W    ALERT_TOP,0,0,0
        DC.W    5
        DC.B    $C0,$C0,$C0,$C0         ; drawn; item 2 (Cancel) the default
        DC.L    AskGo,AskCancel,TellMsg,0
AskGo   DC.W    ASK_GO,0,0,0,0,$0A      ; the action (its title set by TellAsk)
        DC.L    OkStr
        DC.W    0,0
        DC.L    0
AskCancel DC.W  ASK_CANCEL,0,0,0,0,$0A  ; Cancel: the default button
        DC.L    CancelStr
        DC.W    0,1
        DC.L    0
TellOK  DC.W    1,0,0,0,0,$0A           ; OK button
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
TellMsg DC.W    100,8,ALERT_TEXT_L,0,0,$800F ; the text: ^0^1^2 (right of the icon)
        DC.L    AdviceTemplate
        DC.W    0,0
        DC.L    0

        STRING  PASCAL
OkStr           DC.B    'OK'
AboutText       DC.B    'Gin King GS, version 1.0. Gin Rummy against eight computer personalities, on the Apple IIGS desktop.'
AboutCopy       DC.B    'Copyright (c) 2026 the Gin King GS authors.'
AdviceTemplate  DC.B    '^0^1^2'
        STRING  ASIS
AboutReturn     DC.B    1,$0D           ; (a Pascal string: the copyright's own line)

GsItems
        DC.W    GsOK,GsCancel,GsStd,GsOkla,GsPts100,GsPts150
        DC.W    GsPts200,GsPts300,GsPts400,GsPts500,GsPts250,GsDispMatrix,GsDispRank
        DC.W    GsDispSuit,GsDispMelds,GsShufShuffle,GsShufReplay,GsShufUser,GsLabVariant
        DC.W    GsLabPoints,GsLabDisplay,GsLabShuffle,GsNote
GS_ITEMS        EQU     (*-GsItems)/2
GsOK DC.W    1,130,350,143,420,$000A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
GsCancel DC.W    2,130,260,143,330,$000A
        DC.L    CancelStr
        DC.W    0,0
        DC.L    0
GsStd DC.W    3,8,120,20,210,$000C
        DC.L    StStandard
        DC.W    0,1
        DC.L    0
GsOkla DC.W    4,8,220,20,310,$000C
        DC.L    StOklahoma
        DC.W    0,1
        DC.L    0
GsPts100 DC.W    5,30,116,42,159,$000C
        DC.L    StPts100
        DC.W    0,2
        DC.L    0
GsPts150 DC.W    6,30,161,42,204,$000C
        DC.L    StPts150
        DC.W    0,2
        DC.L    0
GsPts200 DC.W    7,30,206,42,249,$000C
        DC.L    StPts200
        DC.W    0,2
        DC.L    0
GsPts300 DC.W    8,30,296,42,339,$000C
        DC.L    StPts300
        DC.W    0,2
        DC.L    0
GsPts400 DC.W    9,30,341,42,384,$000C
        DC.L    StPts400
        DC.W    0,2
        DC.L    0
GsPts500 DC.W    10,30,386,42,429,$000C
        DC.L    StPts500
        DC.W    0,2
        DC.L    0
GsPts250 DC.W    11,30,251,42,294,$000C
        DC.L    StPts250
        DC.W    0,2
        DC.L    0
GsDispMatrix DC.W    12,52,120,64,196,$000C
        DC.L    StDispMatrix
        DC.W    0,3
        DC.L    0
GsDispRank DC.W    13,52,200,64,276,$000C
        DC.L    StDispRank
        DC.W    0,3
        DC.L    0
GsDispSuit DC.W    14,52,280,64,356,$000C
        DC.L    StDispSuit
        DC.W    0,3
        DC.L    0
GsDispMelds DC.W    15,52,360,64,436,$000C
        DC.L    StDispMelds
        DC.W    0,3
        DC.L    0
GsShufShuffle DC.W    16,74,120,86,220,$000C
        DC.L    StShufShuffle
        DC.W    0,4
        DC.L    0
GsShufReplay DC.W    17,74,224,86,324,$000C
        DC.L    StShufReplay
        DC.W    0,4
        DC.L    0
GsShufUser DC.W    18,74,328,86,428,$000C
        DC.L    StShufUser
        DC.W    0,4
        DC.L    0
GsLabVariant DC.W    20,9,8,19,112,$800F
        DC.L    StLabVariant
        DC.W    0,0
        DC.L    0
GsLabPoints DC.W    21,31,8,41,112,$800F
        DC.L    StLabPoints
        DC.W    0,0
        DC.L    0
GsLabDisplay DC.W    22,53,8,63,112,$800F
        DC.L    StLabDisplay
        DC.W    0,0
        DC.L    0
GsLabShuffle DC.W    23,75,8,85,112,$800F
        DC.L    StLabShuffle
        DC.W    0,0
        DC.L    0
GsNote DC.W    24,98,8,122,430,$800F
        DC.L    StGsNote
        DC.W    0,0
        DC.L    0
HrBounds        DC.W    18,60,193,580
HrItems
        DC.W    HrOK,HrCancel,HrKnockOff,HrLayOff,HrLayGin,HrCorner
        DC.W    HrSpades,HrEleven,HrHolly,HrBoxEach,HrBoxDiff,HrBoxOff
        DC.W    HrLabBox,HrLabGin,HrLabUnder,HrLabBoxPts,HrLabGame,HrLabShut
        DC.W    HrLabDouble,HrNote
HR_ITEMS        EQU     (*-HrItems)/2
HrOK DC.W    1,154,440,167,510,$000A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
HrCancel DC.W    2,154,350,167,420,$000A
        DC.L    CancelStr
        DC.W    0,0
        DC.L    0
HrKnockOff DC.W    3,6,10,18,250,$000B
        DC.L    StHrKnockOff
        DC.W    0,0
        DC.L    0
HrLayOff DC.W    4,20,10,32,250,$000B
        DC.L    StHrLayOff
        DC.W    0,0
        DC.L    0
HrLayGin DC.W    5,34,10,46,250,$000B
        DC.L    StHrLayGin
        DC.W    0,0
        DC.L    0
HrCorner DC.W    6,48,10,60,250,$000B
        DC.L    StHrCorner
        DC.W    0,0
        DC.L    0
HrSpades DC.W    7,6,270,18,510,$000B
        DC.L    StHrSpades
        DC.W    0,0
        DC.L    0
HrEleven DC.W    8,20,270,32,510,$000B
        DC.L    StHrEleven
        DC.W    0,0
        DC.L    0
HrHolly DC.W    9,34,270,46,510,$000B
        DC.L    StHrHolly
        DC.W    0,0
        DC.L    0
HrBoxEach DC.W    10,66,110,78,206,$000C
        DC.L    StHrBoxEach
        DC.W    0,1
        DC.L    0
HrBoxDiff DC.W    11,66,214,78,310,$000C
        DC.L    StHrBoxDiff
        DC.W    0,1
        DC.L    0
HrBoxOff DC.W    12,66,318,78,380,$000C
        DC.L    StHrBoxOff
        DC.W    0,1
        DC.L    0
HrLabBox DC.W    18,67,10,77,104,$800F
        DC.L    StHrLabBox
        DC.W    0,0
        DC.L    0
HrLabGin DC.W    19,87,10,97,60,$800F
        DC.L    StHrLabGin
        DC.W    0,0
        DC.L    0
HrLabUnder DC.W    20,87,130,97,200,$800F
        DC.L    StHrLabUnder
        DC.W    0,0
        DC.L    0
HrLabBoxPts DC.W    21,87,258,97,312,$800F
        DC.L    StHrLabBoxPts
        DC.W    0,0
        DC.L    0
HrLabGame DC.W    22,107,10,117,60,$800F
        DC.L    StHrLabGame
        DC.W    0,0
        DC.L    0
HrLabShut DC.W    23,107,130,117,200,$800F
        DC.L    StHrLabShut
        DC.W    0,0
        DC.L    0
HrLabDouble DC.W    24,107,280,117,500,$800F
        DC.L    StHrLabDouble
        DC.W    0,0
        DC.L    0
HrNote DC.W    25,124,10,148,510,$800F
        DC.L    StHrNote
        DC.W    0,0
        DC.L    0
HrEditRects                             ; the bonuses' edit lines (HR_EDITS ..)
        DC.W    84,64,98,110
        DC.W    84,204,98,250
        DC.W    84,314,98,360
        DC.W    104,64,118,110
        DC.W    104,204,118,270
        STRING  PASCAL
StHrKnockOff    DC.B    'Knocking off (Simple Gin: gin only)'
StHrLayOff      DC.B    'Laying off off'
StHrLayGin      DC.B    'Laying off on gin'
StHrCorner      DC.B    'Runs around the corner (ace 15)'
StHrSpades      DC.B    'Spades double'
StHrEleven      DC.B    'Eleven/Ten deal'
StHrHolly       DC.B    'Hollywood scoring'
StHrBoxEach     DC.B    'Each hand'
StHrBoxDiff     DC.B    'Difference'
StHrBoxOff      DC.B    'Off'
StHrLabBox      DC.B    'Box bonus:'
StHrLabGin      DC.B    'Gin:'
StHrLabUnder    DC.B    'Undercut:'
StHrLabBoxPts   DC.B    'Per box:'
StHrLabGame     DC.B    'Game:'
StHrLabShut     DC.B    'Shutout:'
StHrLabDouble   DC.B    'points a shutout adds, or double (the manual''s)'
StHrNote        DC.B    'A tournament plays the manual''s rules only. The house rules cannot change during a game.'
StDouble        DC.B    'double'
        STRING  ASIS
PlItems
        DC.W    PlOK,PlCancel,PlP10,PlP11,PlP12,PlP13
        DC.W    PlP14,PlP15,PlP16,PlP17,PlP18,PlP20
        DC.W    PlP21,PlP22,PlP23,PlP24,PlP25,PlP26
        DC.W    PlP27,PlTu0,PlTu1,PlTu2,PlTu3,PlTu4
        DC.W    PlTu5,PlTu6,PlTu7,PlLabP1,PlLabP2,PlLabTu
        DC.W    PlKingNote
PL_ITEMS        EQU     (*-PlItems)/2
PlOK DC.W    1,136,320,149,390,$000A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
PlCancel DC.W    2,136,230,149,300,$000A
        DC.L    CancelStr
        DC.W    0,0
        DC.L    0
PlP10 DC.W    3,20,10,32,120,$000C
        DC.L    NmIrv
        DC.W    0,1
        DC.L    0
PlP11 DC.W    4,34,10,46,120,$000C
        DC.L    NmWilly
        DC.W    0,1
        DC.L    0
PlP12 DC.W    5,48,10,60,120,$000C
        DC.L    NmSonia
        DC.W    0,1
        DC.L    0
PlP13 DC.W    6,62,10,74,120,$000C
        DC.L    NmMort
        DC.W    0,1
        DC.L    0
PlP14 DC.W    7,76,10,88,120,$000C
        DC.L    NmBernie
        DC.W    0,1
        DC.L    0
PlP15 DC.W    8,90,10,102,120,$000C
        DC.L    NmPhyllis
        DC.W    0,1
        DC.L    0
PlP16 DC.W    9,104,10,116,120,$000C
        DC.L    NmShark
        DC.W    0,1
        DC.L    0
PlP17 DC.W    10,118,10,130,120,$000C
        DC.L    StKingBtn
        DC.W    0,1
        DC.L    0
PlP18 DC.W    11,132,10,144,120,$000C
        DC.L    NmHuman
        DC.W    0,1
        DC.L    0
PlP20 DC.W    12,20,140,32,250,$000C
        DC.L    NmIrv
        DC.W    0,2
        DC.L    0
PlP21 DC.W    13,34,140,46,250,$000C
        DC.L    NmWilly
        DC.W    0,2
        DC.L    0
PlP22 DC.W    14,48,140,60,250,$000C
        DC.L    NmSonia
        DC.W    0,2
        DC.L    0
PlP23 DC.W    15,62,140,74,250,$000C
        DC.L    NmMort
        DC.W    0,2
        DC.L    0
PlP24 DC.W    16,76,140,88,250,$000C
        DC.L    NmBernie
        DC.W    0,2
        DC.L    0
PlP25 DC.W    17,90,140,102,250,$000C
        DC.L    NmPhyllis
        DC.W    0,2
        DC.L    0
PlP26 DC.W    18,104,140,116,250,$000C
        DC.L    NmShark
        DC.W    0,2
        DC.L    0
PlP27 DC.W    19,118,140,130,250,$000C
        DC.L    StKingBtn
        DC.W    0,2
        DC.L    0
PlTu0 DC.W    20,20,270,32,380,$000C
        DC.L    NmIrv
        DC.W    0,3
        DC.L    0
PlTu1 DC.W    21,34,270,46,380,$000C
        DC.L    NmWilly
        DC.W    0,3
        DC.L    0
PlTu2 DC.W    22,48,270,60,380,$000C
        DC.L    NmSonia
        DC.W    0,3
        DC.L    0
PlTu3 DC.W    23,62,270,74,380,$000C
        DC.L    NmMort
        DC.W    0,3
        DC.L    0
PlTu4 DC.W    24,76,270,88,380,$000C
        DC.L    NmBernie
        DC.W    0,3
        DC.L    0
PlTu5 DC.W    25,90,270,102,380,$000C
        DC.L    NmPhyllis
        DC.W    0,3
        DC.L    0
PlTu6 DC.W    26,104,270,116,380,$000C
        DC.L    NmShark
        DC.W    0,3
        DC.L    0
PlTu7 DC.W    27,118,270,130,380,$000C
        DC.L    StKingBtn
        DC.W    0,3
        DC.L    0
PlLabP1 DC.W    28,4,10,14,120,$800F
        DC.L    StPlP1
        DC.W    0,0
        DC.L    0
PlLabP2 DC.W    29,4,140,14,250,$800F
        DC.L    StPlP2
        DC.W    0,0
        DC.L    0
PlLabTu DC.W    30,4,270,14,380,$800F
        DC.L    StPlTu
        DC.W    0,0
        DC.L    0
PlKingNote DC.W  31,151,10,163,400,$800F
        DC.L    StKingNote
        DC.W    0,0
        DC.L    0
        STRING  PASCAL
StPts100        DC.B    '100'
StPts150        DC.B    '150'
StPts200        DC.B    '200'
StPts250        DC.B    '250'
StPts300        DC.B    '300'
StPts400        DC.B    '400'
StPts500        DC.B    '500'
StDispMatrix    DC.B    'Matrix'
StDispRank      DC.B    'By rank'
StDispSuit      DC.B    'By suit'
StDispMelds     DC.B    'By melds'
StShufShuffle   DC.B    'Shuffle Cards'
StShufReplay    DC.B    'Replay Cards'
StShufUser      DC.B    'User Supplied'
StLabVariant    DC.B    'Gin variant:'
StLabPoints     DC.B    'Points:'
StLabDisplay    DC.B    'Hand display:'
StLabShuffle    DC.B    'Shuffle mode:'
StGsNote        DC.B    'The variant and points per game cannot change during a game; a tournament plays normal shuffles.'
StStandard      DC.B    'Standard'
StOklahoma      DC.B    'Oklahoma'
StPlP1          DC.B    'Player 1'
StPlP2          DC.B    'Player 2'
StPlTu          DC.B    'Tutor'
StKingBtn       DC.B    'King (new)'
StKingNote      DC.B    'King (new) plays beyond the original Gin King.'
CancelStr       DC.B    'Cancel'
        STRING  ASIS

        STRING  PASCAL
NmPrompt        DC.B    'Your name:'
        STRING  ASIS
