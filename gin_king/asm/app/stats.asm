; stats.asm — Options/Statistics... and Options/Score Sheet: two tables in modal dialogs,
; built column by column (ColPut) and shown by one routine (TableDialog); the hand log
; the score sheet is made from (LogHand); the statistics file SETTINGS:STATS, kept as
; the settings and the history are (files.asm: read whole, written to a .NEW file and
; renamed). Included into main.asm.
;
; SETTINGS:STATS ($F1, aux $0000), version 2: per player (a human by name, a computer
; by personality) and per variation — standard, Oklahoma, and the house rules' Simple Gin
; and Hollywood, each once as the manual scores it and once under other house rules
; (Eleven/Ten, the box's difference, other bonuses ...: StatVariation), so "Best" never
; mixes games scored differently — games played and won, total points and the best
; game's points (the score sheet's totals: hand points and bonuses). Version 1 (four
; variations, before the house-rules ones) is still read: widened as it is loaded.
; Every game played to its end counts, in a tournament or not (a game ended by End
; Game, Quit or the 200-hand limit does not). A file that is there but does not read
; back sound (a size that is neither version's — trailing bytes too —, magic, version,
; count, checksum) is reported in a caution alert and set aside as SETTINGS:STATS.BAD;
; the statistics start again from zero.

STATS_MAGIC     EQU     $5347           ; the bytes 'G','S'
STATS_VERSION   EQU     2               ; 2: eight variations (the house-rules ones)
STATS_V1        EQU     1               ; 1: four (still read)
STAT_NAMES      EQU     16              ; players kept (the last is reused when full)
STAT_VARIATIONS EQU     8               ; VAR_... below
STAT_V1_VARIATIONS EQU  4               ; version 1: VAR_STANDARD .. VAR_HOLLYWOOD
VAR_STANDARD    EQU     0               ; = SetVariant 0
VAR_OKLAHOMA    EQU     1               ; = SetVariant 1
VAR_SIMPLE      EQU     2               ; house rules: knocking off (Simple Gin)
VAR_HOLLYWOOD   EQU     3               ; house rules: Hollywood scoring (before Simple)
VAR_HOUSE       EQU     4               ; + any of the above under other house rules
STAT_TYPE       EQU     $F1

StatCell RECORD 0                       ; one player in one variation
played  DS.W    1                       ; games played to the end
won     DS.W    1                       ; games won
points  DS.L    1                       ; the games' totals added up
best    DS.W    1                       ; the best game's total
Size    EQU     *
        ENDR
StatEntry RECORD 0                      ; one player
name    DS.B    NAME_MAX+1              ; a human's name (Pascal string); '' for a computer
kind    DS.W    1                       ; the player kind (HUMAN or a personality)
cells   DS.B    STAT_VARIATIONS*StatCell.Size
Size    EQU     *
        ENDR
Stats   RECORD  0                       ; the file (it fits FileBuf: 1,832 bytes)
magic   DS.W    1
version DS.W    1
count   DS.W    1                       ; entries in use
entries DS.B    STAT_NAMES*StatEntry.Size
sum     DS.W    1                       ; the words above added up
Size    EQU     *
        ENDR
StatEntryV1 RECORD 0                    ; version 1: four cells an entry
name    DS.B    NAME_MAX+1
kind    DS.W    1
cells   DS.B    STAT_V1_VARIATIONS*StatCell.Size
Size    EQU     *
        ENDR
StatsV1 RECORD  0                       ; version 1's file: 1,192 bytes
magic   DS.W    1
version DS.W    1
count   DS.W    1
entries DS.B    STAT_NAMES*StatEntryV1.Size
sum     DS.W    1
Size    EQU     *
        ENDR

; ------------------------------------------------------------------------------------
; LogHand — the hand just ended joins the game's log (the Score Sheet's rows).
;   In: ResKind, ResWinner, ResPoints (a tie: RES_WALL, 0, 0).  Out: LogN + 1 (at most
;   LOG_MAX).  Clobbers A, X.  Cost: about 60 cycles.
; ------------------------------------------------------------------------------------
LogHand
        LDA     LogN
        CMP     #LOG_MAX
        BCS     @full
        ASL     A
        TAX
        LDA     ResWinner               ; winner << 8 | kind
        XBA
        ORA     ResKind
        STA     LogRes,X
        LDA     ResPoints
        STA     LogPts,X
        INC     LogN
@full   RTS

; ------------------------------------------------------------------------------------
; The table dialogs: up to TD_EXTRA columns of text, one line per row, each column a
;   long static text item (Toolbox Reference vol. 1 ch. 6: LongStatText, the text and
;   its length; a return starts a line), and under them the full-width text of column
;   TD_EXTRA; OK (and Reset when asked) under it all, the dialog as tall as its rows.
; ------------------------------------------------------------------------------------
TD_COLS         EQU     10              ; columns 0 .. 7, the text under them and the
TD_EXTRA        EQU     8               ;   text's last lines beside the buttons
TD_BESIDE       EQU     9
TD_BESIDE_LINES EQU     2               ; (two: as tall as a button and its margins)
TD_BESIDE_GAIN  EQU     2               ; the rows that leaves for the table
; (COL_MAX, COL_NARROW: app.records; the columns' buffers: columns.asm, data segment)
TD_ROW          EQU     10              ; a line of text
TD_TOP          EQU     16              ; the dialog's top (global)
TD_MAX_ROWS     EQU     14              ; rows (columns and text under them) that fit
TD_FIRST_COL    EQU     10              ; the columns' item IDs: 10 ..
TD_RESET        EQU     3               ; the Reset button's item ID

TdSpec  RECORD  0                       ; a table dialog's shape
left    DS.W    1                       ; the dialog's left and right (global)
right   DS.W    1
cols    DS.W    1                       ; table columns (column TD_EXTRA aside)
reset   DS.W    1                       ; nonzero: a Reset button beside OK
edges   DS.W    2                       ; each column's left and right, in the dialog
        ENDR

; ColClear — every column empty.  Clobbers A, X.
ColClear
        LDX     #2*TD_COLS-2
@col    STZ     ColLen,X
        STZ     ColRows,X
        DEX
        DEX
        BPL     @col
        RTS

; ColPut — Build becomes the next line of column A (a return before it unless it is
;   the first).  Clobbers A, X, Y.  Cost: about 60 cycles a byte.
ColPut
        ASL     A
        STA     ColI
        TAX
        LDA     ColRows,X
        BEQ     @first
        LDA     #$0D
        JSR     ColByte
@first  LDX     ColI
        INC     ColRows,X
        LDA     Build
        AND     #$00FF
        STA     ColLeft
        LDA     #1
        STA     ColFrom
@byte   LDA     ColLeft
        BEQ     @out
        LDX     ColFrom
        LDA     Build,X
        AND     #$00FF
        JSR     ColByte
        INC     ColFrom
        DEC     ColLeft
        BRA     @byte
@out    RTS

; ColByte — the byte A at the end of column ColI (2 * column); dropped when it is full
;   (ColCap).  Clobbers A, X, Y.
ColByte
        PHA
        LDX     ColI
        LDA     ColLen,X
        CMP     ColCap,X
        BCS     @full
        TAY
        LDA     ColAt,X                 ; [Zp.ptr] := the column's buffer (data
        CLC                             ;   segment: a long pointer)
        ADC     #ColBuf0
        STA     <Zp.ptr
        LDA     #ColBuf0>>16
        STA     <Zp.ptr+2
        PLA
        SEP     #$20
        LONGA   OFF
        STA     [<Zp.ptr],Y
        REP     #$20
        LONGA   ON
        INY
        TYA
        STA     ColLen,X
        RTS
@full   PLA
        RTS

; ColPutN — column A := the number in ColNum (MsgNum).  Clobbers A, X, Y.
ColPutN
        PHA
        JSR     MsgClear
        LDA     ColNum
        JSR     MsgNum
        PLA
        JMP     ColPut

; ------------------------------------------------------------------------------------
; TableDialog — the columns in a modal dialog shaped by the TdSpec at A: the columns
;   side by side, as tall as column 0's rows; column TD_EXTRA's text under them, the
;   whole width; OK at the bottom right (Return), an invisible Cancel (Escape), Reset
;   left of OK when the spec asks (ghosted when TdNoReset: nothing to reset); with
;   TdScroll, the Score Sheet's scroll bar beside
;   the rows (SsScrollBar; its thumb let go: SsScrolled). ModalDialog until OK, Cancel
;   or Reset is hit.
;   In: A = the TdSpec (our bank), the columns, TdScroll.  Out: A = the item hit (1 OK,
;   2 Cancel, TD_RESET), TdScroll 0.  Clobbers X, Y, DlgBounds, DlgI, TdItem, TdBounds.
; ------------------------------------------------------------------------------------
TableDialog
        STA     <Zp.ptr2
        LDY     #TdSpec.left            ; the bounds: left, right from the spec
        LDA     (<Zp.ptr2),Y
        STA     TdBounds+2
        LDY     #TdSpec.right
        LDA     (<Zp.ptr2),Y
        STA     TdBounds+6
        LDA     ColRows                 ; the table's height
        LDX     #TD_ROW
        JSR     Mul
        CLC
        ADC     #6+4
        STA     TdTextTop               ; the text under it starts there
        LDA     ColRows+2*TD_EXTRA
        LDX     #TD_ROW
        JSR     Mul
        CLC
        ADC     TdTextTop
        STA     TdBesideTop             ; (the lines beside the buttons: there)
        ADC     #4+6
        STA     TdButtonTop
        CLC
        ADC     #13+8+TD_TOP            ; the button and a margin
        STA     TdBounds+4
        LDA     ColRows+2*TD_BESIDE     ; lines beside the buttons: the buttons level
        BEQ     @open                   ;   with their last line, the dialog ends
        LDX     #TD_ROW                 ;   under them
        JSR     Mul
        CLC
        ADC     TdBesideTop
        STA     TdBesideEnd
        SEC
        SBC     #13+3
        STA     TdButtonTop
        LDA     TdBesideEnd
        CLC
        ADC     #6+TD_TOP
        STA     TdBounds+4
@open   LDA     #TdBounds
        STA     DlgBounds
        STZ     DlgItemN
        STZ     DlgGroupN
        JSR     OpenDlg
        PushVarLong DlgPtr              ; Escape: the invisible Cancel
        PushLong EscapeItem
        _GetNewDItem
        LDA     TdBounds+6              ; OK: 10 from the right
        SEC
        SBC     TdBounds+2
        STA     TdWidth
        SEC
        SBC     #10
        STA     TdItem+8
        SBC     #OK_WIDTH
        STA     TdItem+4
        LDA     #1
        STA     TdItem                  ; id
        LDA     #OkStr
        STA     TdItem+12
        LDA     #1                      ; the default button
        STA     TdItem+18
        JSR     TdButton
        LDY     #TdSpec.reset           ; Reset: left of OK
        LDA     (<Zp.ptr2),Y
        BEQ     @cols
        LDA     TdItem+4
        SEC
        SBC     #20
        STA     TdItem+8
        SBC     #OK_WIDTH
        STA     TdItem+4
        LDA     #TD_RESET
        STA     TdItem
        LDA     #ResetStr
        STA     TdItem+12
        STZ     TdItem+18
        JSR     TdButton
        LDA     TdNoReset               ; nothing to reset: ghosted (issue 45)
        BEQ     @cols
        LDA     #TD_RESET
        JSR     DisableItem
@cols   LDA     TdItem+4                ; the buttons' left
        STA     TdButtonsLeft
        LDA     #$8010                  ; the columns: disabled long static text
        STA     TdItem+10
        STZ     TdItem+18
        LDA     #6
        STA     TdItem+2                ; top
        LDA     TdTextTop
        STA     TdItem+6                ; bottom
        STZ     DlgI
@col    LDA     DlgI
        LDY     #TdSpec.cols
        CMP     (<Zp.ptr2),Y
        BCS     @bar
        ASL     A                       ; its edges: spec.edges + 4 * column
        ASL     A
        CLC
        ADC     #TdSpec.edges
        TAY
        LDA     (<Zp.ptr2),Y
        STA     TdItem+4
        INY
        INY
        LDA     (<Zp.ptr2),Y
        STA     TdItem+8
        LDA     DlgI
        JSR     TdText
        INC     DlgI
        BRA     @col
@bar    LDA     TdScroll                ; a scroll bar beside the rows (the Score
        BEQ     @extra                  ;   Sheet's: SsScrollBar)
        JSR     SsScrollBar
@extra  LDA     ColRows+2*TD_EXTRA      ; the text under the table
        BEQ     @beside
        LDA     TdTextTop
        STA     TdItem+2
        LDA     TdButtonTop
        LDX     ColRows+2*TD_BESIDE     ; (down to the lines beside the buttons)
        BEQ     @bottom
        LDA     TdBesideTop
@bottom STA     TdItem+6
        LDA     #10
        STA     TdItem+4
        LDA     TdWidth
        SEC
        SBC     #10
        STA     TdItem+8
        LDA     #TD_EXTRA
        JSR     TdText
@beside LDA     ColRows+2*TD_BESIDE     ; its last lines, left of the buttons
        BEQ     @loop
        LDA     TdBesideTop
        STA     TdItem+2
        LDA     TdBesideEnd
        CLC
        ADC     #4
        STA     TdItem+6
        LDA     #10
        STA     TdItem+4
        LDA     TdButtonsLeft
        SEC
        SBC     #10
        STA     TdItem+8
        LDA     #TD_BESIDE
        JSR     TdText
@loop   PHA                             ; hit = ModalDialog(nil)
        PEA     $0000
        PEA     $0000
        _ModalDialog
        PLA
        BEQ     @loop
        CMP     #TD_SCROLL              ; the scroll bar's thumb let go: the rows
        BNE     @which                  ;   follow it
        JSR     SsScrolled
        BRA     @loop
@which  CMP     #TD_RESET+1
        BCS     @loop
        STA     DlgHit
        STZ     TdScroll
        JSR     CloseDlg
        LDA     DlgHit
        RTS

; TdButton — a button from TdItem (id, left, right, title, flag set): its top and
;   bottom at TdButtonTop.
TdButton
        LDA     #$000A
        STA     TdItem+10
        LDA     #OkStr>>16              ; its title is in our bank (OkStr, ResetStr)
        STA     TdItem+14
        STZ     TdItem+16
        LDA     TdButtonTop
        STA     TdItem+2
        CLC
        ADC     #13
        STA     TdItem+6
        BRA     TdAdd

; TdText — column A as the text item TdItem (rect set): id TD_FIRST_COL + A.
TdText
        ASL     A
        TAX
        LSR     A
        CLC
        ADC     #TD_FIRST_COL
        STA     TdItem
        LDA     ColAt,X                 ; the column's buffer (data segment)
        CLC
        ADC     #ColBuf0
        STA     TdItem+12
        LDA     #ColBuf0>>16
        STA     TdItem+14
        LDA     ColLen,X
        STA     TdItem+16
TdAdd
        PushVarLong DlgPtr              ; GetNewDItem(dlg, @TdItem)
        PushLong TdItem
        _GetNewDItem
        RTS

TdBounds        DC.W    TD_TOP,0,0,0
TdItem                                  ; an item template (dialog.h)
        DC.W    0                       ; +0 id
        DC.W    0,0,0,0                 ; +2 top, left, bottom, right
        DC.W    0                       ; +10 type
        DC.L    0                       ; +12 descriptor (TdButton, TdText set it)
        DC.W    0                       ; +16 value (a long static text's length)
        DC.W    0                       ; +18 flag
        DC.L    0                       ; +20 colour table
TdTextTop       DC.W    0
TdScroll        DC.W    0               ; nonzero: the Score Sheet's scroll bar (once)
TdNoReset       DC.W    0               ; nonzero: the Reset button ghosted
TdButtonTop     DC.W    0
TdBesideTop     DC.W    0               ; the lines beside the buttons: top, bottom
TdBesideEnd     DC.W    0
TdButtonsLeft   DC.W    0               ; the leftmost button's left
TdWidth         DC.W    0
ColI            DC.W    0
ColLeft         DC.W    0
ColFrom         DC.W    0
ColNum          DC.W    0
ColLen          DS.W    TD_COLS
ColRows         DS.W    TD_COLS
ColAt           DC.W    0,ColBuf1-ColBuf0,ColBuf2-ColBuf0,ColBuf3-ColBuf0 ; each buffer
                DC.W    ColBuf4-ColBuf0,ColBuf5-ColBuf0,ColBuf6-ColBuf0     ;   from ColBuf0
                DC.W    ColBuf7-ColBuf0,ColBufX-ColBuf0,ColBufB-ColBuf0     ;   (columns.asm)
ColCap          DC.W    COL_MAX,COL_NARROW,COL_NARROW,COL_NARROW,COL_NARROW,COL_NARROW
                DC.W    COL_NARROW,COL_NARROW,COL_MAX,COL_NARROW

; ------------------------------------------------------------------------------------
; DoScoreSheet — Options/Score Sheet (Apple-T): the game's hands, one row each: its
;   number, each player's running total (the hand's winner marked " *"), and how it
;   ended ("knock 12", "gin 37", "undercut 31", "tie"), under them a "Total" row (each
;   player's points after the last hand: always in view). When there are more hands
;   than rows, a scroll bar beside them (a Control Manager scroll bar: its arrows move
;   a hand, its page areas a view, its thumb anywhere; SsAction, SsScrolled) reaches
;   every one; the sheet opens on the last hands. At the end of the game the final
;   sheet follows (BuildSheet's lines: each player's hand points, box and game bonuses
;   and total, the net, the wins by kind; its last TD_BESIDE_LINES left of OK, so
;   TD_BESIDE_GAIN more rows fit: issue 45), and fewer rows are shown to make room.
;   Hollywood (house rule scoring = hollywood; docs/rules.md): the three games side by
;   side, two columns each (SsHollySpec: Hand, "Game 1" .. "Game 3" over the players'
;   names, Result): each player's running total in each game, the winner's mark in the
;   games the hand scored in, a game already over before the hand left blank; the Total
;   row, each game's points. Under the table, each game over so far: its line of the
;   final sheet (HollyGameLine: the hand points, box and game bonuses, a shutout's
;   doubling, the totals); at the match's end the final sheet as above. The per-game
;   totals are the tally's own: the log played again through HollyScore (HsKeep, HsBack).
;   In: GPhase, LogN, LogRes, LogPts, SheetLines, HollyBlock.  Clobbers A, X, Y, the
;   columns, GameEndBlock, SheetP, Ss*, Td*.  Cost: the rows (SsRow), a
;   GK_HollywoodHand a hand played again (about 500 cycles), then the dialog.
; ------------------------------------------------------------------------------------
SS_RESULT       EQU     3               ; the columns: 0 Hand, 1-2 the players, 3 Result
HS_RESULT       EQU     7               ; Hollywood: 0 Hand, game g's player p in 1+2g+p,
HS_CELLS        EQU     2*HOLLYWOOD_GAMES ;   7 Result
HS_NAME         EQU     8               ; the letters of a name a Hollywood column shows
TD_SCROLL       EQU     4               ; the scroll bar's item ID
SS_BAR_LEFT     EQU     598             ; the scroll bar, right of the Result column
SS_BAR_RIGHT    EQU     614
SB_VERTICAL     EQU     $03             ; scroll bar flag: vertical, up and down arrows
PART_UP_ARROW   EQU     5               ; Control Manager part codes (Toolbox Reference
PART_DOWN_ARROW EQU     6               ;   vol. 1 ch. 4)
PART_PAGE_UP    EQU     7
PART_PAGE_DOWN  EQU     8

DoScoreSheet
        LDA     GPhase
        BNE     @open
        JMP     Beep
@open   LDX     RulesBlock+RulesRec.scoring
        STX     SsHolly
        STZ     SsExtra                 ; lines under the table
        LDA     #1                      ; the heading's rows: Hollywood two
        STA     SsHead
        LDA     #SS_RESULT
        CPX     #0
        BEQ     @head
        INC     SsHead
        LDA     HollyBlock+Holly.closed ; Hollywood: a line per game over
@games  LSR     A
        BCC     @gnext
        INC     SsExtra
@gnext  CMP     #0
        BNE     @games
        LDA     #HS_RESULT
@head   STA     SsResCol
        LDA     GPhase                  ; the end: the final sheet's lines (not its
        CMP     #PH_GAMEOVER            ;   heading)
        BNE     @fit
        LDA     SheetN
        LSR     A
        DEC     A
        STA     SsExtra
        LDA     #TD_MAX_ROWS-1+TD_BESIDE_GAIN ; (its last lines beside OK: SsFill)
        BRA     @rest
@fit    LDA     #TD_MAX_ROWS-1          ; the rows for hands: the rest, less the
@rest   SEC                             ;   heading, the Total row and the lines
        SBC     SsHead                  ;   under the table
        SBC     SsExtra
        STA     SsView
        STZ     SsFirst                 ; open on the last hands
        LDA     LogN
        SEC
        SBC     SsView
        BCC     @fill
        BEQ     @fill
        STA     SsFirst
        STA     TdScroll                ; more than fit: the scroll bar
@fill   JSR     SsFill
        LDA     #SsSpec                 ; the dialog: single or Hollywood
        LDX     SsHolly
        BEQ     @spec
        LDA     #SsHollySpec
@spec   JSR     TableDialog
        JMP     Redraw

; SsFill — the sheet's columns with hands SsFirst .. SsFirst + SsView - 1 (those the
;   log has), the Total row and the lines under the table.  In: SsHolly, SsResCol,
;   SsExtra, SsFirst, SsView.  Clobbers A, X, Y, the columns, SsExtra's copy SsLeft.
;   Cost: the rows (SsRow) and the log played again (Hollywood: HollyScore a hand).
SsFill
        JSR     ColClear
        JSR     SsHeading
        STZ     SsTotal
        STZ     SsTotal+2
        LDA     SsHolly                 ; Hollywood: the tally from its start
        BEQ     @log
        JSR     HsKeep
@log    STZ     SsI
@hand   LDA     SsI
        CMP     LogN
        BCS     @sheet
        ASL     A
        TAX
        LDA     LogRes,X                ; the running totals
        AND     #$00FF
        STA     SsKind
        LDA     LogRes,X
        XBA
        AND     #$00FF
        STA     SsWinner
        LDA     LogPts,X
        STA     SsPts
        LDA     HollyBlock+Holly.closed ; (Hollywood: the games over before it)
        STA     SsClosed
        LDA     SsKind
        CMP     #RES_WALL
        BEQ     @row
        LDA     SsHolly
        BEQ     @single
        LDA     SsWinner                ; Hollywood: the tally takes the hand
        LDX     SsPts
        JSR     HollyScore
        BRA     @row
@single LDA     SsWinner
        ASL     A
        TAX
        LDA     SsTotal,X
        CLC
        ADC     SsPts
        STA     SsTotal,X
@row    LDA     SsI                     ; in view: SsFirst <= SsI < SsFirst + SsView
        SEC
        SBC     SsFirst
        BCC     @next
        CMP     SsView
        BCS     @next
        JSR     SsRow
@next   INC     SsI
        BRA     @hand
@sheet  LDA     LogN                    ; the Total row (the tally as the log left it)
        BEQ     @none
        JSR     SsTotalRow
@none   LDA     SsHolly
        BEQ     @said
        JSR     HsBack
@said   LDA     LogN                    ; no hand over yet: say so
        BNE     @final
        JSR     MsgClear
        Msg     'No hand has ended yet.'
        LDA     #TD_EXTRA
        JSR     ColPut
@final  LDA     SsExtra
        STA     SsLeft
        LDA     GPhase                  ; Hollywood during the match: the games over
        CMP     #PH_GAMEOVER
        BEQ     @lines
        LDA     SsHolly
        BEQ     @out
        STZ     SsP
@over   LDA     SsP
        ASL     A
        TAX
        LDA     HsBits,X
        BIT     HollyBlock+Holly.closed
        BEQ     @onext
        LDA     SsP
        JSR     HollyGameLine
        LDA     #TD_EXTRA
        JSR     ColPut
@onext  INC     SsP
        LDA     SsP
        CMP     #HOLLYWOOD_GAMES
        BCC     @over
@out    RTS
@lines  LDX     #SHEET_WIDTH            ; the final sheet's lines, its heading left out
        STX     SsLine
@line   LDA     SsLeft
        BEQ     @out
        DEC     SsLeft
        LDX     SsLine                  ; Build := the line
        LDY     #0
@copy   LDA     SheetLines,X
        STA     Build,Y
        INX
        INX
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @copy
        LDA     #TD_EXTRA               ; the last lines beside OK (TableDialog)
        LDX     SsLeft
        CPX     #TD_BESIDE_LINES
        BCS     @put
        LDA     #TD_BESIDE
@put    JSR     ColPut
        LDA     SsLine
        CLC
        ADC     #SHEET_WIDTH
        STA     SsLine
        BRA     @line

; SsTotalRow — the Total row: "Total", each player's points after the last hand
;   (SsTotal; Hollywood: each game's from the tally), no Result.  Clobbers A, X, Y, SsP.
;   Cost: about 60 cycles a byte put (ColPut), some 2,000 (Hollywood 4,000).
SsTotalRow
        JSR     MsgClear
        Msg     'Total'
        LDA     #0
        JSR     ColPut
        STZ     SsP                     ; column SsP + 1: player SsP & 1
@cell   JSR     MsgClear
        LDA     SsP
        LDX     SsHolly
        BNE     @game
        ASL     A
        TAX
        LDA     SsTotal,X
        BRA     @num
@game   ASL     A                       ; Hollywood: scores + 4g + 2p = 2 * SsP
        TAX
        LDA     HollyBlock+Holly.scores,X
@num    JSR     MsgNum
        JSR     SsNext
        BCC     @cell
        JSR     MsgClear
        LDA     SsResCol
        JMP     ColPut

; SsScrollBar — the scroll bar item beside the hand rows (TableDialog, when TdScroll):
;   data size the hands (LogN), view size SsView, value SsFirst, action SsAction.
;   In: DlgPtr, SsHead, SsView.  Clobbers A, X, Y, TdItem, SsBar.
;   Cost: four tool calls (GetNewDItem, GetControlDItem, SetCtlParams, SetCtlValue).
SsScrollBar
        LDA     #TD_SCROLL
        STA     TdItem                  ; id
        LDA     SsHead                  ; top: the first hand row
        LDX     #TD_ROW
        JSR     Mul
        CLC
        ADC     #6
        STA     TdItem+2
        PHA
        LDA     SsView                  ; bottom: under the last
        LDX     #TD_ROW
        JSR     Mul
        CLC
        ADC     1,S
        STA     TdItem+6
        PLA
        LDA     #SS_BAR_LEFT
        STA     TdItem+4
        LDA     #SS_BAR_RIGHT
        STA     TdItem+8
        LDA     #$0D                    ; scrollBarItem
        STA     TdItem+10
        LDA     #SsAction               ; itemDescr: the action procedure
        STA     TdItem+12
        LDA     #SsAction>>16           ;   (in our bank)
        STA     TdItem+14
        STZ     TdItem+16               ; value (set below, once the sizes are)
        LDA     #SB_VERTICAL
        STA     TdItem+18
        JSR     TdAdd
        PHA                             ; SsBar := GetControlDItem(dlg, TD_SCROLL)
        PHA
        PushVarLong DlgPtr
        PEA     TD_SCROLL
        _GetControlDItem
        PLA
        STA     SsBar
        PLA
        STA     SsBar+2
        LDA     LogN                    ; SetCtlParams(data: the hands, view: SsView)
        PHA
        LDA     SsView
        PHA
        PushVarLong SsBar
        _SetCtlParams
        LDA     SsFirst                 ; SetCtlValue(SsFirst): the last hands
        PHA
        PushVarLong SsBar
        _SetCtlValue
        LDA     #$8010                  ; TdItem a column's again (disabled long
        STA     TdItem+10               ;   static text)
        STZ     TdItem+18
        RTS

; SsAction — the scroll bar's action procedure (TrackControl calls it while an arrow
;   or a page area is held): PROCEDURE SsAction(theControl: CtlRecHndl; partCode:
;   Integer), Pascal (it removes its parameters). An arrow moves the rows a hand, a
;   page area a view; the value follows (SetCtlValue), and the rows are drawn again.
;   In: (JSL) the stack as above, M=X=16, D = ours, any B.  Out: B kept.
;   Clobbers A, X, Y.  Cost: SsFill's and the dialog's drawing.
SsAction
        PHB
        PHK
        PLB
        LDA     7,S                     ; the control's handle (past B, the RTL
        STA     SsBar                   ;   and the part)
        LDA     9,S
        STA     SsBar+2
        LDA     5,S                     ; the part: by how much the rows move
        LDX     #0
        CMP     #PART_UP_ARROW          ; a hand up
        BNE     @down
        DEX
        BRA     @move
@down   CMP     #PART_DOWN_ARROW        ; a hand down
        BNE     @pgup
        INX
        BRA     @move
@pgup   CMP     #PART_PAGE_UP           ; a view up
        BNE     @pgdn
        LDA     #0
        SEC
        SBC     SsView
        TAX
        BRA     @move
@pgdn   CMP     #PART_PAGE_DOWN         ; a view down (another part, or 0 when the
        BNE     @move                   ;   mouse left it: nothing)
        LDX     SsView
@move   TXA
        BEQ     @out
        CLC                             ; SsFirst + the move, kept in 0 .. LogN - SsView
        ADC     SsFirst
        BPL     @low
        LDA     #0
@low    PHA
        LDA     LogN
        SEC
        SBC     SsView
        CMP     1,S
        BCS     @keep
        STA     1,S
@keep   PLA
        CMP     SsFirst
        BEQ     @out
        STA     SsFirst
        PHA                             ; SetCtlValue(SsFirst, theControl)
        PushVarLong SsBar
        _SetCtlValue
        JSR     SsShow
@out    PLB
        LDA     2,S                     ; Pascal: the 6 bytes of parameters go
        STA     8,S
        LDA     1,S
        STA     7,S
        TSC
        CLC
        ADC     #6
        TCS
        RTL

; SsScrolled — the thumb was let go elsewhere (TableDialog: ModalDialog answered the
;   scroll bar): the rows from its value.  Clobbers A, X, Y.  Cost: SsShow's.
SsScrolled
        PHA
        PushVarLong SsBar
        _GetCtlValue
        PLA
        STA     SsFirst

; SsShow — the rows from SsFirst in the dialog: the columns filled again, each text
;   item given its new length, the dialog drawn.  Clobbers A, X, Y, DlgI.
;   Cost: SsFill's, nine SetDItemValue and a DrawDialog.
SsShow
        JSR     SsFill
        STZ     DlgI
@col    LDA     DlgI                    ; column DlgI: item TD_FIRST_COL + DlgI
        ASL     A
        TAX
        LDA     ColLen,X
        PHA                             ; SetDItemValue(length, dlg, item)
        PushVarLong DlgPtr
        LDA     DlgI
        CLC
        ADC     #TD_FIRST_COL
        PHA
        _SetDItemValue
        INC     DlgI
        LDA     DlgI
        CMP     #TD_COLS
        BCC     @col
        PushVarLong DlgPtr
        _DrawDialog
        RTS

; SsHeading — the heading: Hand, each player's name, Result (column SsResCol);
;   Hollywood: "Game 1" .. "Game 3" over each game's two columns first, a row of its
;   own, and the names cut to HS_NAME letters to fit.  Clobbers A, X, Y, SsP.
;   Cost: about 60 cycles a byte put (ColPut), some 5,000 in all.
SsHeading
        LDA     SsHolly
        BEQ     @names
        STZ     SsP                     ; column SsP: odd (before Result) "Game n"
@top    JSR     MsgClear
        LDA     SsP
        CMP     #HS_RESULT
        BCS     @put
        LSR     A
        BCC     @put
        INC     A
        PHA
        Msg     'Game '
        PLA
        JSR     MsgNum
@put    LDA     SsP
        JSR     ColPut
        INC     SsP
        LDA     SsP
        CMP     #HS_RESULT+1
        BCC     @top
@names  JSR     MsgClear
        Msg     'Hand'
        LDA     #0
        JSR     ColPut
        STZ     SsP                     ; column SsP + 1: player SsP & 1
@name   JSR     MsgClear
        LDA     SsP
        AND     #1
        JSR     MsgBaseName
        LDA     SsHolly                 ; Hollywood: what fits a narrow column
        BEQ     @twin
        LDX     #HS_NAME
        LDA     SsP
        AND     #1
        JSR     TwinSeat
        BCC     @cut
        LDX     #HS_NAME-2              ;   (room for the twin's " 2")
@cut    STX     SsCut
        LDA     Build
        AND     #$00FF
        CMP     SsCut
        BCC     @twin
        LDA     Build
        AND     #$FF00
        ORA     SsCut
        STA     Build
@twin   LDA     SsP                     ; the second of two alike: " 2" (MsgName)
        AND     #1
        JSR     TwinSeat
        BCC     @keep
        LDX     #TwinMark
        JSR     MsgPStr
@keep   JSR     SsNext
        BCC     @name
        JSR     MsgClear
        Msg     'Result'
        LDA     SsResCol
        JMP     ColPut

; SsNext — the message goes in column SsP + 1 and SsP moves on.
;   Out: carry clear while a player's column is left before Result.
;   Clobbers A, X, Y.  Cost: ColPut's and 30 cycles.
SsNext
        LDA     SsP
        INC     A
        JSR     ColPut
        INC     SsP
        LDA     SsP
        INC     A
        CMP     SsResCol
        RTS

; SsRow — the row of hand SsI: its number, the running totals (SsTotal; Hollywood:
;   each game's from the tally, blank for a game over before the hand), the winner's
;   mark (Hollywood: in the games the hand scored in: open before it and entered by
;   the winner), how it ended.  Clobbers A, X, Y, SsP, SsBit.
;   Cost: about 60 cycles a byte put; a row some 3,000 (Hollywood 5,000).
SsRow
        LDA     SsI
        INC     A
        STA     ColNum
        LDA     #0
        JSR     ColPutN
        STZ     SsP                     ; column SsP + 1: player SsP & 1 (in game SsP / 2)
@cell   JSR     MsgClear
        LDA     SsHolly
        BNE     @holly
        LDA     SsP
        ASL     A
        TAX
        LDA     SsTotal,X
        JSR     MsgNum
        BRA     @mark
@holly  LDA     SsP                     ; the game's bit
        AND     #$FFFE
        TAX
        LDA     HsBits,X
        BIT     SsClosed
        BNE     @put                    ; over before the hand: blank
        STA     SsBit
        LDA     SsP                     ; its total: scores + 4g + 2p
        ASL     A
        TAX
        LDA     HollyBlock+Holly.scores,X
        JSR     MsgNum
        LDA     SsWinner                ; the hand scored in it: the winner entered it
        ASL     A
        TAX
        LDA     HollyBlock+Holly.entered,X
        AND     SsBit
        BEQ     @put
@mark   LDA     SsKind                  ; the winner's mark
        CMP     #RES_WALL
        BEQ     @put
        LDA     SsP
        AND     #1
        CMP     SsWinner
        BNE     @put
        Msg     ' *'
@put    JSR     SsNext
        BCC     @cell
        JSR     MsgClear                ; how it ended
        LDA     SsKind
        ASL     A
        TAX
        LDA     SsKinds,X
        TAX
        JSR     MsgPStr
        LDA     SsKind
        CMP     #RES_WALL
        BEQ     @res
        LDA     #' '
        JSR     MsgChar
        LDA     SsPts
        JSR     MsgNum
@res    LDA     SsResCol
        JMP     ColPut

; HsKeep — the Hollywood tally (HollyBlock) set aside in HsSaved and a new one begun,
;   for the log to be played again; HsBack puts it back.  Clobbers A, X.
;   Cost: about 400 cycles each (HsKeep: and GK_HollywoodStart's).
HsKeep
        LDX     #Holly.Size-2
@copy   LDA     HollyBlock,X
        STA     HsSaved,X
        DEX
        DEX
        BPL     @copy
        JSL     GK_HollywoodStart
        RTS
HsBack
        LDX     #Holly.Size-2
@copy   LDA     HsSaved,X
        STA     HollyBlock,X
        DEX
        DEX
        BPL     @copy
        RTS

SsSpec  DC.W    10,630,4,0              ; TdSpec: the whole width, four columns
        DC.W    10,50, 60,210, 220,370, 380,590
SsHollySpec DC.W 10,630,8,0             ; Hollywood: Hand, three games of two, Result
        DC.W    10,38, 44,104, 110,170, 182,242, 248,308, 320,380, 386,446, 456,590
HsBits  DC.W    1,2,4                   ; the bit of game g (Holly.closed, .entered)
SsKinds DC.W    SsKnock,SsGin,SsUndercut,SsTie   ; by RES_...
        STRING  PASCAL
SsKnock         DC.B    'knock'
SsGin           DC.B    'gin'
SsUndercut      DC.B    'undercut'
SsTie           DC.B    'tie'
        STRING  ASIS
SsI             DC.W    0
SsP             DC.W    0
SsFirst         DC.W    0               ; the first hand in view (the scroll bar's value)
SsView          DC.W    0               ; the rows for hands
SsHead          DC.W    0               ; the heading's rows
SsLeft          DC.W    0
SsBar           DC.L    0               ; the scroll bar's handle
SsExtra         DC.W    0
SsLine          DC.W    0
SsKind          DC.W    0
SsWinner        DC.W    0
SsPts           DC.W    0
SsTotal         DC.W    0,0             ; each player's running total
SsHolly         DC.W    0               ; nonzero: Hollywood scoring
SsCut           DC.W    0               ; the letters of a name a Hollywood column keeps
SsResCol        DC.W    0               ; the Result column
SsClosed        DC.W    0               ; Hollywood: the games over before the hand
SsBit           DC.W    0               ; the bit of the game in hand
HsSaved         DS.B    Holly.Size      ; the tally, set aside while the log is replayed

; ------------------------------------------------------------------------------------
; StatsGameOver — a game has ended (NextHand, after BuildSheet's totals): each player's
;   statistics in this variation (SetVariant, fixed during a game) take it — played + 1,
;   won + 1 for the winner, points + the total, best = the total when higher — and the
;   file is written (atomically: files.asm WriteWhole).  Clobbers A, X, Y, FileBuf.
; ------------------------------------------------------------------------------------
StatsGameOver
        JSR     StatLoad
        STZ     StatP
@player LDA     StatP
        ASL     A
        TAX
        LDA     Kind,X
        STA     StatKind
        LDA     Total,X
        STA     StatGame
        LDX     #NoName                 ; a computer's entry: no name; the second of
        LDA     StatP                   ;   two alike: its own, " 2" (MsgName)
        JSR     TwinSeat
        BCC     @named
        LDX     #TwinMark
@named  STX     StatName
        JSR     StatFind                ; Zp.ptr2 -> the player's entry
        JSR     StatVariation           ; StatY = the variation's cell
        LDX     #StatCell.Size
        JSR     Mul
        CLC
        ADC     #StatEntry.cells
        STA     StatY
        TAY                             ; played + 1
        LDA     (<Zp.ptr2),Y
        INC     A
        STA     (<Zp.ptr2),Y
        LDA     StatP                   ; won + 1
        CMP     GameWinner
        BNE     @points
        LDA     #StatCell.won
        JSR     StatField
        LDA     (<Zp.ptr2),Y
        INC     A
        STA     (<Zp.ptr2),Y
@points LDA     #StatCell.points        ; points + the total (a long)
        JSR     StatField
        LDA     (<Zp.ptr2),Y
        CLC
        ADC     StatGame
        STA     (<Zp.ptr2),Y
        INY
        INY
        LDA     (<Zp.ptr2),Y
        ADC     #0
        STA     (<Zp.ptr2),Y
        LDA     #StatCell.best          ; the best game
        JSR     StatField
        LDA     StatGame
        CMP     (<Zp.ptr2),Y
        BCC     @next
        STA     (<Zp.ptr2),Y
@next   INC     StatP
        LDA     StatP
        CMP     #2
        BCC     @player
        JMP     StatSave

; StatVariation — A := the game's variation: Hollywood or Simple Gin when the game is
;   played under those house rules (RulesBlock, fixed during a game), else SetVariant
;   (standard or Oklahoma); + VAR_HOUSE when any other rule scores or plays differently
;   from the manual's (RulesBlock against ManualRules, word by word, the points per game
;   aside; the words that make the variation itself are not counted: StatOwnWords).
;   Clobbers X, Y.  Cost: about 400 cycles.
StatVariation
        LDA     RulesBlock+RulesRec.scoring
        CMP     #SCORING_HOLLYWOOD
        BNE     @simple
        LDA     #VAR_HOLLYWOOD
        BRA     @house
@simple LDA     RulesBlock+RulesRec.knockOff
        BEQ     @plain
        LDA     #VAR_SIMPLE
        BRA     @house
@plain  LDA     SetVariant
@house  PHA
        ASL     A
        TAX
        LDA     StatOwnWords,X          ; the words of this variation's own rules
        STA     StatMask
        LDX     #RulesRec.points-2      ; each word but the points, last first
@word   LDA     RulesBlock,X
        CMP     ManualRules,X
        BEQ     @next
        TXA                             ; differs: is it one of the variation's own?
        LSR     A
        TAY
        LDA     #1
@bit    DEY
        BMI     @test
        ASL     A
        BRA     @bit
@test   AND     StatMask
        BEQ     @other
@next   DEX
        DEX
        BPL     @word
        PLA                             ; the manual's scoring
        RTS
@other  PLA                             ; other house rules too
        CLC
        ADC     #VAR_HOUSE
        RTS

; StatOwnWords — by VAR_...: the RulesRec words (bit n: word n) the variation itself is
;   made of: Simple Gin's knocking off (and the laying off it turns off), Hollywood's
;   scoring.
StatOwnWords    DC.W    0,0,%11,%1000000
StatMask        DC.W    0

; StatField — Y := the offset of field A of the cell at StatY.
StatField
        CLC
        ADC     StatY
        TAY
        RTS

; StatLoad — FileBuf := the statistics on the disk (files.asm LoadSaved: a sound
;   STATS.NEW left alone by a save cut short is the file; a version 1 file widened to
;   this version), or empty ones when there is no file; a file that is there but not
;   sound (StatsSound) is reported and set aside (files.asm SetAsideSaid).
;   Clobbers A, X, Y, FileBuf.
StatLoad
        LDX     #StatsFile
        JSR     LoadSaved
        BCC     @read
        CMP     #0                      ; no file: empty statistics
        BEQ     StatEmpty
        LDX     #StatsFile              ; damaged: set aside and said
        JSR     SetAsideSaid
        BRA     StatEmpty
@read   LDA     FileBuf+Stats.version
        CMP     #STATS_V1
        BEQ     StatWiden
        RTS
StatEmpty                               ; FileBuf := no statistics
        LDX     #0
        TXA
@clr    STA     FileBuf,X
        INX
        INX
        CPX     #Stats.Size
        BCC     @clr
        LDA     #STATS_MAGIC
        STA     FileBuf+Stats.magic
        LDA     #STATS_VERSION
        STA     FileBuf+Stats.version
        RTS

; StatWiden — the version 1 file in FileBuf becomes this version's, in place: each
;   entry's words move up to their new place (the last entry first, each from its last
;   word, so nothing is overwritten before it has moved); the new cells start at zero.
;   Clobbers A, X, Y, DlgI, Zp.ptr, Zp.ptr2.  Cost: about 40,000 cycles.
StatWiden
        LDA     #STAT_NAMES-1
        STA     DlgI
@entry  LDA     DlgI
        LDX     #StatEntryV1.Size
        JSR     Mul
        CLC
        ADC     #FileBuf+StatsV1.entries
        STA     <Zp.ptr                 ; ptr -> the entry as it was
        LDA     DlgI
        JSR     StatEntryAt             ; ptr2 -> its new place
        LDY     #StatEntry.Size-2
        LDA     #0
@zero   STA     (<Zp.ptr2),Y            ; the new cells: zero
        DEY
        DEY
        CPY     #StatEntryV1.Size
        BCS     @zero
@word   LDA     (<Zp.ptr),Y             ; the old words, from the last
        STA     (<Zp.ptr2),Y
        DEY
        DEY
        BPL     @word
        DEC     DlgI
        BPL     @entry
        LDA     #STATS_VERSION
        STA     FileBuf+Stats.version
        RTS

; StatsSound — are FileBuf's A bytes sound statistics: this version's size or version
;   1's (bytes after the record: not), with that version's number, the magic, no more
;   than STAT_NAMES players and the checksum?  Out: carry clear when so.
;   Clobbers A, X, Y, StatY.
StatsSound
        LDY     #STATS_VERSION          ; the record ends where its version says
        LDX     #Stats.sum
        CMP     #Stats.Size
        BEQ     @check
        LDY     #STATS_V1
        LDX     #StatsV1.sum
        CMP     #StatsV1.Size
        BNE     @bad
@check  TYA
        CMP     FileBuf+Stats.version
        BNE     @bad
        LDA     FileBuf+Stats.magic
        CMP     #STATS_MAGIC
        BNE     @bad
        LDA     FileBuf+Stats.count
        CMP     #STAT_NAMES+1
        BCS     @bad
        STX     StatY                   ; (the checksum's place)
        JSR     Checksum
        LDX     StatY
        CMP     FileBuf,X
        BNE     @bad
        CLC
        RTS
@bad    SEC
        RTS

; StatSave — FileBuf's statistics to SETTINGS:STATS; a disk that refuses is said.
StatSave
        LDX     #Stats.sum
        JSR     Checksum
        STA     FileBuf+Stats.sum
        LDA     #StatsPath
        STA     FilePath
        LDA     #StatsNew
        STA     FileNew
        LDA     #STAT_TYPE
        STA     CreateParms+8
        LDA     #Stats.Size
        JSR     WriteWhole
        BCC     @ok
        JSR     MsgClear
        Msg     'The statistics could not be saved.'
        JMP     RefuseBuild
@ok     RTS

; StatFind — Zp.ptr2 := the entry of player kind StatKind (a human: the one named
;   PlayerName; a computer: the one named StatName, '' but for the second of two
;   copies of one personality, TwinMark); a new one, zero, when there is none (the last
;   reused when all are taken).  Clobbers A, X, Y, DlgI, MsgCount.
StatFind
        LDA     StatKind
        CMP     #HUMAN
        BNE     @entry0
        LDA     #PlayerName
        STA     StatName
@entry0 STZ     DlgI
@entry  LDA     DlgI
        CMP     FileBuf+Stats.count
        BCS     @new
        JSR     StatEntryAt
        LDY     #StatEntry.kind
        LDA     (<Zp.ptr2),Y
        CMP     StatKind
        BNE     @next
        JSR     StatSameName
        BCS     @out
@next   INC     DlgI
        BRA     @entry
@new    LDA     DlgI
        CMP     #STAT_NAMES
        BCC     @room
        DEC     A
        STA     DlgI
        BRA     @init
@room   INC     FileBuf+Stats.count
@init   LDA     DlgI
        JSR     StatEntryAt
        LDY     #StatEntry.Size-2       ; all zero, then its kind and name
        LDA     #0
@zero   STA     (<Zp.ptr2),Y
        DEY
        DEY
        BPL     @zero
        LDY     #StatEntry.kind
        LDA     StatKind
        STA     (<Zp.ptr2),Y
        LDX     StatName                ; the name: a human's whole buffer (as it
        LDY     #NAME_MAX+1             ;   has always been kept), a computer's
        LDA     StatKind                ;   letters only (the rest stays zero)
        CMP     #HUMAN
        BEQ     @count
        LDA     |0,X
        AND     #$00FF
        INC     A
        TAY
@count  STY     MsgCount
        LDY     #0
        SEP     #$20
        LONGA   OFF
@name   LDA     |0,X
        STA     (<Zp.ptr2),Y
        INX
        INY
        CPY     MsgCount
        BCC     @name
        REP     #$20
        LONGA   ON
@out    RTS

; StatSameName — carry set when the entry at Zp.ptr2 is named StatName (the length
;   byte and the letters, case as typed).  Clobbers A, X, Y, MsgCount.
StatSameName
        LDX     StatName
; NamedAsX — carry set when the entry at Zp.ptr2 is named as the Pascal string at X
;   (files.asm SameName: the player's name).  Clobbers A, X, Y, MsgCount.
NamedAsX
        LDA     |0,X
        AND     #$00FF
        INC     A
        STA     MsgCount                ; bytes to compare, the length byte included
        SEP     #$20
        LONGA   OFF
        LDY     #0
@cmp    LDA     (<Zp.ptr2),Y
        CMP     |0,X
        BNE     @no
        INX
        INY
        CPY     MsgCount
        BCC     @cmp
        REP     #$20
        LONGA   ON
        SEC
        RTS
@no     REP     #$20
        LONGA   ON
        CLC
        RTS

; StatEntryAt — A = entry number -> Zp.ptr2 = its address in FileBuf.  Clobbers X.
StatEntryAt
        LDX     #StatEntry.Size
        JSR     Mul
        CLC
        ADC     #FileBuf+Stats.entries
        STA     <Zp.ptr2
        RTS

; ------------------------------------------------------------------------------------
; DoStatistics — Options/Statistics...: the table of the statistics file: a heading
;   (the names' column has none: each variation's line heads its players), then for
;   each variation with games a line naming it and a row per player who played it
;   (the name indented, games, won, points, best game); no games: a line says so. Reset
;   (a caution alert to confirm, as Dynamic Gin's Reset box; Cancel its default:
;   TellAsk) sets them all to zero on the disk, and the table is shown again.
; ------------------------------------------------------------------------------------
ST_NAME         EQU     0               ; the columns
ST_PLAYED       EQU     1
ST_WON          EQU     2
ST_POINTS       EQU     3
ST_BEST         EQU     4

DoStatistics
        JSR     StatLoad
        JSR     ColClear
        STZ     DlgI                    ; the heading
@head   LDA     DlgI
        ASL     A
        TAX
        LDA     StHeads,X
        TAX
        JSR     MsgClear
        JSR     MsgPStr
        LDA     DlgI
        JSR     ColPut
        INC     DlgI
        LDA     DlgI
        CMP     #ST_BEST+1
        BCC     @head
        STZ     StatV
        STZ     StatAny
@var    STZ     StatE                   ; each variation: its players
        STZ     StatVarShown
@entry  LDA     StatE
        CMP     FileBuf+Stats.count
        BCS     @nextv
        LDA     ColRows                 ; no room left: the rest is not shown
        CMP     #TD_MAX_ROWS-1
        BCS     @nextv
        JSR     StatRow
        INC     StatE
        BRA     @entry
@nextv  INC     StatV
        LDA     StatV
        CMP     #STAT_VARIATIONS
        BCC     @var
        LDA     StatAny
        BNE     @show
        JSR     MsgClear
        Msg     'No games have been played to the end yet.'
        LDA     #TD_EXTRA
        JSR     ColPut
@show   LDX     #0                      ; Reset ghosted when there is nothing
        LDA     StatAny                 ;   to reset
        BNE     @any
        INX
@any    STX     TdNoReset
        LDA     #StSpec
        JSR     TableDialog
        CMP     #TD_RESET
        BEQ     @reset
        JMP     Redraw
@reset  STZ     AdvLen                  ; Reset, or Cancel (the default)?
        LDX     #StResetText
        JSR     AdvAppendPStr
        LDA     #ResetStr
        JSR     TellAsk
        CMP     #ASK_GO                 ; Reset: all to zero, on the disk too
        BNE     @again
        JSR     StatEmpty
        JSR     StatSave
@again  BRL     DoStatistics

; StatRow — the row of entry StatE in variation StatV when it has games (the
;   variation's line first, once).
StatRow
        LDA     StatE
        JSR     StatEntryAt
        LDA     StatV
        LDX     #StatCell.Size
        JSR     Mul
        CLC
        ADC     #StatEntry.cells
        STA     StatY
        TAY
        LDA     (<Zp.ptr2),Y
        BNE     @played
        RTS
@played STA     ColNum
        INC     StatAny
        LDA     StatVarShown            ; the variation's line
        BNE     @name
        INC     StatVarShown
        JSR     MsgClear
        LDA     StatV
        ASL     A
        TAX
        LDA     StVarNames,X
        TAX
        JSR     MsgPStr
        LDA     #ST_NAME
        JSR     ColPut
        JSR     MsgClear
        LDA     #ST_PLAYED
@blank  PHA
        JSR     ColPut
        PLA
        INC     A
        CMP     #ST_BEST+1
        BCC     @blank
@name   JSR     MsgClear                ; the player, under the variation's line: a
        Msg     '    '                  ;   human's name, a computer's (indented)
        LDY     #StatEntry.kind
        LDA     (<Zp.ptr2),Y
        CMP     #HUMAN
        BEQ     @human
        ASL     A
        TAX
        LDA     PersNames,X
        TAX
        JSR     MsgPStr                 ; its name and the entry's: '' or " 2"
@human  LDX     <Zp.ptr2
        JSR     MsgPStr
        LDA     #ST_NAME
        JSR     ColPut
        LDA     #ST_PLAYED              ; games (ColNum already)
        JSR     ColPutN
        JSR     StatEntryAgain
        LDA     #StatCell.won
        JSR     StatField
        LDA     (<Zp.ptr2),Y
        STA     ColNum
        LDA     #ST_WON
        JSR     ColPutN
        JSR     StatEntryAgain
        LDA     #StatCell.points
        JSR     StatField
        LDA     (<Zp.ptr2),Y
        PHA
        INY
        INY
        LDA     (<Zp.ptr2),Y
        TAX
        JSR     MsgClear
        PLA
        JSR     MsgLong
        LDA     #ST_POINTS
        JSR     ColPut
        JSR     StatEntryAgain
        LDA     #StatCell.best
        JSR     StatField
        LDA     (<Zp.ptr2),Y
        STA     ColNum
        LDA     #ST_BEST
        JMP     ColPutN

; StatEntryAgain — Zp.ptr2 := entry StatE again (a guard: the Msg routines and ColPut
;   keep it today).
StatEntryAgain
        LDA     StatE
        JMP     StatEntryAt

; MsgLong — append the unsigned long X:A (high:low) in decimal.  Clobbers A, X, Y.
MsgLong
        STA     LongLo
        STX     LongHi
        LDX     #0
@div    STZ     MsgTmp                  ; (LongHi:LongLo) /= 10, remainder in MsgTmp
        LDY     #32
@bit    ASL     LongLo
        ROL     LongHi
        ROL     MsgTmp
        LDA     MsgTmp
        CMP     #10
        BCC     @zero
        SBC     #10
        STA     MsgTmp
        INC     LongLo
@zero   DEY
        BNE     @bit
        LDA     MsgTmp
        STA     LongDigits,X
        INX
        INX
        LDA     LongLo
        ORA     LongHi
        BNE     @div
@out    DEX
        DEX
        BMI     @done
        LDA     LongDigits,X
        CLC
        ADC     #'0'
        JSR     MsgChar
        BRA     @out
@done   RTS
LongLo          DC.W    0
LongHi          DC.W    0
LongDigits      DS.W    10

StSpec  DC.W    110,530,5,1             ; TdSpec: five columns, a Reset button
        DC.W    10,170, 180,230, 240,290, 300,360, 370,410
StHeads DC.W    StHNames,StHGames,StHWon,StHPoints,StHBest
StVarNames DC.W StVStandard,StVOklahoma,StVSimple,StVHollywood  ; by VAR_...
        DC.W    StVStandardH,StVOklahomaH,StVSimpleH,StVHollywoodH
StHNames        DC.B    0               ; (the names' column: the variations head it)
        STRING  PASCAL
StVStandardH    DC.B    'Standard, house rules'
StVOklahomaH    DC.B    'Oklahoma, house rules'
StVSimpleH      DC.B    'Simple gin, house rules'
StVHollywoodH   DC.B    'Hollywood, house rules'
StHGames        DC.B    'Games'
StHWon          DC.B    'Won'
StHPoints       DC.B    'Points'
StHBest         DC.B    'Best'
StVStandard     DC.B    'Standard gin'
StVOklahoma     DC.B    'Oklahoma gin'
StVSimple       DC.B    'Simple gin'
StVHollywood    DC.B    'Hollywood gin'
ResetStr        DC.B    'Reset'
StResetText     DC.B    'Reset the statistics of every player and variation to zero? This cannot be undone.'
        STRING  ASIS

StatP           DC.W    0
StatKind        DC.W    0
StatName        DC.W    0               ; the entry's name (StatFind)
NoName          DC.B    0               ; '': a computer's entry
StatGame        DC.W    0
StatY           DC.W    0
StatV           DC.W    0
StatE           DC.W    0
StatAny         DC.W    0
StatVarShown    DC.W    0
StatsPath       DC.W    14
                DC.B    'SETTINGS:STATS'
StatsNew        DC.W    18
                DC.B    'SETTINGS:STATS.NEW'
StatsBad        DC.W    18
                DC.B    'SETTINGS:STATS.BAD'
StatsBad2       DC.W    19
                DC.B    'SETTINGS:STATS.BAD2'
StatsFile       DC.W    StatsPath,StatsNew,StatsBad,StatsBad2,Stats.Size+2 ; (files.asm SavedFile)
                DC.W    StatsSound,StatsWhat,StatsAfter,StatsPath
        STRING  PASCAL
StatsWhat       DC.B    'The statistics file was damaged: '
StatsAfter      DC.B    'the statistics start again from zero.'
        STRING  ASIS
