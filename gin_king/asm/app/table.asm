; table.asm — drawing the table with QuickDraw II: the cards (white round rects with rank
; and suit glyph, red for diamonds and hearts; backs red), the stock face down, the
; upcard, the knock card, both hands, the scores and two message lines; and the layout
; that tells which card a click hit. Included into main.asm (one unit).
;
; QuickDraw II calls: Toolbox Reference vol. 2, ch. 16. Suits are the system font's
; codes $01-$04 (toolbox/font.py), so a rank string followed by the suit code draws "Q♥".

; ------------------------------------------------------------------------------------
; Redraw — draw the whole table now (after any change of the game's state).
; ------------------------------------------------------------------------------------
Redraw
        JSR     FocusTable
        JSL     DrawTable
        RTS

; ------------------------------------------------------------------------------------
; DrawTable — the table window's content-draw routine (wContDefProc): the table as the
;   game's state has it. TaskMaster JSLs here between BeginUpdate and EndUpdate with the
;   port set to the window; Redraw JSLs here directly.
;   In: D = our direct page, any B.  Out: B restored. M=16 X=16.
; ------------------------------------------------------------------------------------
DrawTable
        PHB                             ; B = K for our data
        PHK
        PLB
        _PenNormal
        PEA     C_GREEN                 ; the green baize
        _SetSolidPenPat
        PushLong ContentRect
        _PaintRect
        PEA     C_BLACK                 ; text: black on green
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        LDA     GPhase
        BNE     @game
        PEA     280                     ; no game: the title and what to do
        PEA     70
        _MoveTo
        PushLong TitleStr
        _DrawString
        PEA     210
        PEA     90
        _MoveTo
        PushLong StartStr
        _DrawString
        BRL     @done
@game   JSR     DrawOpponent
        JSR     DrawInfo
        JSR     DrawRules
        JSR     DrawMiddle
        JSR     DrawMessages
        LDA     GPhase
        CMP     #PH_GAMEOVER
        BNE     @hand
        JSR     DrawSheet
        BRA     @done
@hand   LDA     GPhase                  ; the end of a hand: the melds in words
        CMP     #PH_HANDOVER
        BNE     @lay
        JSR     DrawEndLines
@lay    LDA     #0                      ; the bottom hand: player 0 (laid out last,
        JSR     LayoutHand              ;   for HitTest)
        JSR     DrawLaidOut
        JSR     DrawMatrixLabels
@done   PLB
        RTL

; ------------------------------------------------------------------------------------
; Slide — F/X: card SlideCard (NO_CARD: a back) slides from (SlideH0, SlideV0) to
;   (SlideH1, SlideV1) in SlideN steps, one frame a tick: each frame erases the last
;   (green baize) and draws the card one step on. The arrival is erased too, unless
;   SlideKeep (a dealt card stays); the caller's redraw puts the card in its place.
;   F/X off: nothing is drawn.
;   In: Slide*, table coordinates.  Out: the port = the table.
;   Clobbers A, X, Y, CardH/CardV, SlideK.
;   Cost: SlideN ticks (each waited for with WAI, which sleeps to the next vertical
;   blank) plus a DrawCard or DrawBack and a PaintRect a frame.
; ------------------------------------------------------------------------------------
Slide
        LDA     SetFX
        BEQ     @out
        JSR     FocusTable
        LDA     #1
        STA     SlideK
@frame  LDA     SlideK                  ; the last step: the arrival
        CMP     SlideN
        BCC     @wait
        LDA     SlideKeep
        BEQ     @last
@wait   JSR     FxWait                  ; one frame a tick
        LDA     SlideK
        CMP     #1
        BEQ     @draw
        JSR     SlideErase              ; the frame before goes
@draw   LDA     SlideH1                 ; CardH := H0 + (H1 - H0) * k / n
        SEC
        SBC     SlideH0
        JSR     SlidePart
        CLC
        ADC     SlideH0
        STA     CardH
        LDA     SlideV1                 ; CardV := V0 + (V1 - V0) * k / n
        SEC
        SBC     SlideV0
        JSR     SlidePart
        CLC
        ADC     SlideV0
        STA     CardV
        LDA     SlideCard
        CMP     #NO_CARD
        BEQ     @back
        JSR     DrawCard
        BRA     @next
@back   JSR     DrawBack
@next   LDA     SlideK
        CMP     SlideN
        BCS     @out                    ; kept at the end
        INC     SlideK
        BRA     @frame
@last   JSR     FxWait                  ; the last frame stays a tick, then goes
        JSR     SlideErase
@out    RTS

; SlidePart — A = a signed distance -> A = distance * SlideK / SlideN (SlideN = 2 or 4:
;   an arithmetic shift). Clobbers X.
SlidePart
        STA     SlideD
        LDX     SlideK
        LDA     #0
@add    CLC
        ADC     SlideD
        DEX
        BNE     @add
        LDX     SlideN
@div    CMP     #$8000                  ; A := A / 2, keeping the sign
        ROR     A
        PHA
        TXA
        LSR     A
        TAX
        PLA
        CPX     #1
        BNE     @div
        RTS

; SlideErase — the green baize over the card at CardH/CardV.
SlideErase
        JSR     SetCardRect
        PEA     C_GREEN
        _SetSolidPenPat
        PushLong CardRect
        _PaintRect
        RTS

; FxWait — wait for the tick count to move on (WAI: until the next vertical blank).
FxWait
        PHA                             ; FxTick := TickCount()
        PHA
        _TickCount
        PLA
        STA     FxTick
        PLA
@wait   WAI
        PHA
        PHA
        _TickCount
        PLA
        PLX
        CMP     FxTick
        BEQ     @wait
        RTS

; SlideSlot — (SlideH1, SlideV1) := slot A of player Turn's row on the table.
SlideSlot
        LDX     #CARD_STEP
        JSR     Mul
        LDX     Turn
        BNE     @top
        CLC
        ADC     #HAND_LEFT
        STA     SlideH1
        LDA     #HAND_TOP
        STA     SlideV1
        RTS
@top    CLC
        ADC     #OPP_LEFT
        STA     SlideH1
        LDA     #OPP_TOP
        STA     SlideV1
        RTS

; SlideFromMiddle — F/X for a draw: card A (NO_CARD: its back) from the middle of the
;   table at h = X to the end of player Turn's row.
SlideFromMiddle
        STA     SlideCard
        STX     SlideH0
        LDA     #MID_TOP
        STA     SlideV0
        LDA     #HAND_SIZE
        JSR     SlideSlot
        LDA     #SLIDE_MOVE
        STA     SlideN
        STZ     SlideKeep
        JMP     Slide

; SlideDiscard — F/X for a discard: card A from player Turn's hand (its place on the
;   table for player 0, the middle of the row for player 1) to the knock card's place.
SlideDiscard
        STA     SlideCard
        LDA     #HAND_SIZE/2
        JSR     SlideSlot
        LDA     SlideH1
        STA     SlideH0
        LDA     SlideV1
        STA     SlideV0
        LDA     Turn                    ; player 0: where LayoutHand put it
        BNE     @to
        LDA     LayPlayer
        BNE     @to
        LDX     LayN
@find   DEX
        DEX
        BMI     @to
        LDA     LayCard,X
        CMP     SlideCard
        BNE     @find
        LDA     LayH,X
        STA     SlideH0
        LDA     LayV,X
        STA     SlideV0
@to     LDA     #KNOCK_LEFT
        STA     SlideH1
        LDA     #MID_TOP
        STA     SlideV1
        LDA     #SLIDE_MOVE
        STA     SlideN
        STZ     SlideKeep
        JMP     Slide

; SlideDeal — F/X for the deal: the table cleared to the stock, then (DealCard) a back
;   from the stock to slot A of player Turn's row, where it stays.
SlideDealStart
        LDA     SetFX
        BEQ     @out
        JSR     FocusTable
        _PenNormal
        PEA     C_GREEN
        _SetSolidPenPat
        PushLong ContentRect
        _PaintRect
        LDA     #STOCK_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        JSR     DrawBack
@out    RTS
SlideDeal
        JSR     SlideSlot
        LDA     #NO_CARD
        STA     SlideCard
        LDA     #STOCK_LEFT
        STA     SlideH0
        LDA     #MID_TOP
        STA     SlideV0
        LDA     #SLIDE_DEAL
        STA     SlideN
        STA     SlideKeep
        JMP     Slide

; ------------------------------------------------------------------------------------
; DrawEndLines — at the end of a hand, under the hands: each player's canonical melds
;   and deadwood in words (player 1's line first), e.g.
;   "Willy: 4♠ 5♠ 6♠ 7♠, K♣ K♦ K♥; deadwood A♠ 2♦ 3♦ (6)".
;   In: GPhase = PH_HANDOVER, the port = the table.  Clobbers A, X, Y, the Lay* layout.
; ------------------------------------------------------------------------------------
DrawEndLines
        LDA     #1
        JSR     EndLine
        PEA     10
        PEA     END_V
        _MoveTo
        PushLong Build
        _DrawString
        LDA     #0
        JSR     EndLine
        PEA     10
        PEA     END_V+END_LINE
        _MoveTo
        PushLong Build
        _DrawString
        JSR     LayoffLine              ; a knock with lay-offs: which card went where
        BCC     @out
        PEA     10
        PEA     END_V+2*END_LINE
        _MoveTo
        PushLong Build
        _DrawString
@out    RTS

; LayoffLine — after a knock the defender laid off on: carry set and Build :=
;   "<defender> laid off <cards> on <meld>; <cards> on <meld>." — each of the knocker's
;   melds (his canonical arrangement, in EndLine's order) with the laid-off cards it
;   takes: a set its missing card, a run the cards next to it, one after another (a
;   card that fits two melds is given to the first, as LayMelds joins it). Else carry
;   clear. Clobbers A, X, Y, LayHand/LayCard/LayEnds/LayExtra, EndPlayer, EndI, EndM,
;   EndStop, LayMask, LoBefore, LoAny.
LayoffLine
        LDA     Knocker                 ; the defender laid off?
        EOR     #1
        STA     EndPlayer
        JSR     EndLaidOff
        BCS     @some
        RTS
@some   JSR     MsgClear
        LDA     EndPlayer
        JSR     MsgName
        Msg     ' laid off'
        LDA     Knocker                 ; LayHand := the knocker's hand
        LDY     #LayHand
        JSR     CopyHand
        LDX     #Hand.Size-2
@copy   LDA     LaidOff,X               ; LayExtra := the cards laid off (after
        STA     LoExtra,X               ;   LayMelds, which must find none)
        DEX
        DEX
        BPL     @copy
        STZ     LayN
        STZ     LayX
        JSR     LayMelds                ; LayCard, LayEnds: the knocker's melds
        LDX     #Hand.Size-2
@extra  LDA     LoExtra,X
        STA     LayExtra,X
        DEX
        DEX
        BPL     @extra
        STZ     EndI
        STZ     EndM
        STZ     LoAny
@meld   LDA     EndM
        CMP     CnBestCount
        BCC     @one
        STZ     LayExtra                ; (LayExtra is empty again for the table)
        STZ     LayExtra+2
        STZ     LayExtra+4
        STZ     LayExtra+6
        Msg     '.'
        SEC
        RTS
@one    TAX
        LDA     CnBestHi,X
        BMI     @set
        JSR     CanonRun                ; a run: its suit and ranks, as LayMelds
        STA     LoBefore
        JSR     JoinRun
        LDA     LoBefore                ; the ranks it took
        EOR     #$FFFF
        AND     LayMask
        BNE     @rany
        BRL     @skip
@rany   STA     LoBefore
        JSR     LoSep
        STZ     LayRankI
@rrank  LDA     LayRankI
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LoBefore
        BEQ     @rnext
        LDA     LaySuitI
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     LayRankI
        JSR     LoCard
@rnext  INC     LayRankI
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @rrank
        BRA     @on
@set    AND     #SUIT_MASK_ALL          ; a set: its rank and suits
        JSR     BitIndex
        STA     LayRankI
        LDX     EndM
        LDA     CnBestLo,X
        ASL     A
        TAX
        LDA     SetSuitMasks,X
        STA     LayMask
        STA     LoBefore
        JSR     JoinSet
        LDA     LoBefore                ; the suits it took
        EOR     #$FFFF
        AND     LayMask
        BEQ     @skip
        STA     LoBefore
        JSR     LoSep
        STZ     LaySuitI
@ssuit  LDA     LaySuitI
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LoBefore
        BEQ     @snext
        LDA     LaySuitI
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     LayRankI
        JSR     LoCard
@snext  INC     LaySuitI
        LDA     LaySuitI
        CMP     #SUITS
        BCC     @ssuit
@on     Msg     ' on'                   ; " on" and the meld's cards
        LDX     EndM
        LDA     LayEnds,X
        STA     EndStop
        JSR     EndCards
        BRA     @next
@skip   LDX     EndM                    ; no lay-off here: past its cards
        LDA     LayEnds,X
        STA     EndI
@next   INC     EndM
        INC     EndM
        BRL     @meld

; LoSep — "; " between two melds' lay-offs (LoAny: one is written already).
LoSep
        LDA     LoAny
        BEQ     @first
        Msg     ';'
@first  INC     LoAny
        RTS

; LoCard — append " <card>" for card A.
LoCard
        PHA
        LDA     #' '
        JSR     MsgChar
        PLA
        JMP     MsgCard

LoBefore        DC.W    0
LoAny           DC.W    0
LoExtra         DS.B    Hand.Size

; EndLine — Build := "<name>: <meld>, <meld>; deadwood <cards> (N)" for player A: the
;   canonical arrangement (GK_Canon through LayMelds; deadwood by rank). A defender who
;   laid cards off: the arrangement of the cards he kept, then "; laid off <cards>".
;   No melds: "no melds"; gin: "no deadwood".
EndLine
        STA     EndPlayer
        JSR     MsgClear
        LDA     EndPlayer
        JSR     MsgName
        Msg     ':'
        LDA     EndPlayer               ; LayHand := the player's hand
        LDY     #LayHand
        JSR     CopyHand
        JSR     EndLaidOff              ; less what he laid off
        BCC     @lay
        JSR     DropLaidOff
@lay    STZ     LayN
        STZ     LayX
        JSR     LayMelds                ; LayCard: the melds, then the deadwood
        STZ     EndI
        STZ     EndM
@meld   LDA     EndM                    ; each meld: " c c c", a comma between
        CMP     CnBestCount
        BCS     @nomore
        LDA     EndM
        BEQ     @first
        Msg     ','
@first  LDX     EndM
        LDA     LayEnds,X
        STA     EndStop
        JSR     EndCards
        INC     EndM
        INC     EndM
        BRA     @meld
@nomore LDA     CnBestCount
        BNE     @laid
        Msg     ' no melds'
@laid   JSR     EndLaidOff
        BCC     @dw
        Msg     '; laid off'
        STZ     EndStop                 ; (EndStop: the card number here)
@lo     LDA     EndStop
        JSR     CardMaskBit
        AND     LaidOff,X
        BEQ     @lo1
        LDA     #' '
        JSR     MsgChar
        LDA     EndStop
        JSR     MsgCard
@lo1    INC     EndStop
        LDA     EndStop
        CMP     #CARDS_IN_DECK
        BCC     @lo
@dw     LDA     EndI
        CMP     LayN
        BCC     @some
        Msg     '; no deadwood'
        RTS
@some   Msg     '; deadwood'
        LDA     LayN
        STA     EndStop
        JSR     EndCards
        Msg     ' ('
        LDA     LayDw
        JSR     MsgNum
        Msg     ')'
        RTS

; EndCards — append " <card>" for LayCard entries EndI .. EndStop (2 * index); EndI
;   ends at EndStop.
EndCards
@card   LDA     EndI
        CMP     EndStop
        BCS     @out
        LDA     #' '
        JSR     MsgChar
        LDX     EndI
        LDA     LayCard,X
        JSR     MsgCard
        INC     EndI
        INC     EndI
        BRA     @card
@out    RTS

; DropLaidOff — LayHand := LayHand less the cards laid off (LaidOff).
DropLaidOff
        LDX     #Hand.Size-2
@rm     LDA     LaidOff,X
        EOR     #$FFFF
        AND     LayHand,X
        STA     LayHand,X
        DEX
        DEX
        BPL     @rm
        RTS

; LayLaidOff — the end of a knock on the table: the cards the defender laid off leave
;   his row (his melds and deadwood are those of the cards he kept) and join the
;   knocker's melds they extend (LayExtra, for LayMelds), where the "s" mark shows them.
;   In: LayPlayer, LayHand.  Out: LayHand or LayExtra.  Clobbers A, X, EndPlayer.
LayLaidOff
        LDA     LayPlayer
        STA     EndPlayer
        JSR     EndLaidOff              ; carry: this row is the defender's, who laid off
        BCC     @knocker
        JMP     DropLaidOff
@knocker LDA    LayPlayer               ; the knocker's row when the other laid off
        EOR     #1
        STA     EndPlayer
        JSR     EndLaidOff
        BCC     @out
        LDX     #Hand.Size-2
@extra  LDA     LaidOff,X
        STA     LayExtra,X
        DEX
        DEX
        BPL     @extra
@out    RTS

; EndLaidOff — carry set when player EndPlayer laid cards off (the defender of a knock).
EndLaidOff
        LDA     ResKind
        CMP     #RES_WALL
        BEQ     @no
        LDA     EndPlayer
        CMP     Knocker
        BEQ     @no
        LDA     LaidOff
        ORA     LaidOff+2
        ORA     LaidOff+4
        ORA     LaidOff+6
        BEQ     @no
        SEC
        RTS
@no     CLC
        RTS

; ------------------------------------------------------------------------------------
; DrawMatrixLabels — in the matrix display, each row's suit at its left.
; ------------------------------------------------------------------------------------
DrawMatrixLabels
        LDA     SetDisplay
        CMP     #DISP_MATRIX
        BNE     @out
        LDA     GPhase
        CMP     #PH_HANDOVER
        BCS     @out
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        LDA     #0
@suit   PHA
        PEA     MATRIX_LEFT-20          ; MoveTo(left - 20, row middle)
        LDA     #SUITS-1                ;   (the suit is at 3,S below the h)
        SEC
        SBC     3,S
        LDX     #MATRIX_ROW
        JSR     Mul
        CLC
        ADC     #MATRIX_TOP+CARD_H/2+3
        PHA
        _MoveTo
        LDA     1,S                     ; DrawChar(suit code)
        INC     A
        PHA
        _DrawChar
        PLA
        INC     A
        CMP     #SUITS
        BCC     @suit
@out    RTS

; ------------------------------------------------------------------------------------
; DrawOpponent — player 1's hand across the top: face down, unless Computer Visible
;   (not in a tournament), a human holds it, or the hand is over.
; ------------------------------------------------------------------------------------
DrawOpponent
        LDA     #1
        JSR     LayoutHand
        LDA     GPhase
        CMP     #PH_HANDOVER
        BCS     @up                     ; the hand is over: show it
        LDA     Kind+2
        CMP     #HUMAN
        BEQ     @up
        LDA     SetTournament
        BNE     @down
        LDA     SetVisible
        BNE     @up
@down   LDX     #0                      ; backs only
@back   CPX     LayN
        BCS     @out
        PHX
        LDA     LayH,X
        STA     CardH
        LDA     LayV,X
        STA     CardV
        JSR     DrawBack
        PLX
        INX
        INX
        BRA     @back
@up     JSR     DrawLaidOut
@out    RTS

; ------------------------------------------------------------------------------------
; DrawLaidOut — draw the cards LayoutHand placed (LayCard/LayH/LayV, LayN bytes of
;   word entries), each face up; a card laid off at the end of the hand gets an "s"
;   in its bottom left corner.
; ------------------------------------------------------------------------------------
DrawLaidOut
        LDX     #0
@card   CPX     LayN
        BCS     @out
        PHX
        LDA     LayH,X
        STA     CardH
        LDA     LayV,X
        STA     CardV
        LDA     LayCard,X
        JSR     DrawCard
        PLX
        PHX
        LDA     LayCard,X               ; F/X: the card just drawn framed in red
        CMP     NewCard
        BNE     @mark
        LDA     SetFX
        BEQ     @mark
        LDA     GPhase
        CMP     #PH_DISCARD
        BNE     @mark
        JSR     FrameNew
@mark   PLX
        PHX
        LDA     GPhase                  ; laid off: the "s" mark under the card
        CMP     #PH_HANDOVER
        BNE     @next
        LDA     LayCard,X
        JSR     CardMaskBit             ; X = suit offset, A = bit
        AND     LaidOff,X
        BEQ     @next
        PEA     C_BLACK                 ; bottom left, inside the card
        _SetForeColor
        PEA     C_WHITE
        _SetBackColor
        LDA     CardH
        CLC
        ADC     #3
        PHA
        LDA     CardV
        CLC
        ADC     #CARD_H-4
        PHA
        _MoveTo
        PEA     's'
        _DrawChar
@next   PLX
        INX
        INX
        BRL     @card
@out    RTS

; FrameNew — a red frame (two pixels) around the card at CardH/CardV.
FrameNew
        JSR     SetCardRect
        PEA     C_RED
        _SetSolidPenPat
        PEA     2
        PEA     1
        _SetPenSize
        PushLong CardRect
        PEA     CARD_ROUND
        PEA     CARD_ROUND
        _FrameRRect
        _PenNormal
        RTS

; ------------------------------------------------------------------------------------
; DrawInfo — the line under the opponent's hand: each player's name, points and hands
;   won this game, and the points to play to; while a game is in progress, its terms
;   too (InfoTerms): a tournament game, Oklahoma's knock card, the house rules' notes
;   (gin only, a spade upcard doubled). Between games (the score sheet up) the terms are
;   not shown: they were the last hand's, read from settings and rules that may change
;   before the next game, which sets them anew (StartHand).
;   The line is laid out by what fits in the window, measured with StringWidth as it
;   will be drawn (issue 45): the terms in full after the scores; else in shorter words
;   ("Tournament", "Knock 5♥: limit 5"); else the scores alone and the terms in full,
;   one a line, under them left of the stock. No text is cut: InfoStr holds the scores
;   (at most MSG_MAX) and the terms (well under MSG_MAX) whole.
;   Clobbers A, X, Y, Build, Info*.
; ------------------------------------------------------------------------------------
DrawInfo
        JSR     MsgClear
        LDA     RulesBlock+RulesRec.scoring ; Hollywood: the game the scores are of
        BEQ     @names
        Msg     'Game '
        LDA     HollyBlock+Holly.current
        INC     A
        JSR     MsgNum
        Msg     ':  '
@names  LDA     #1
        JSR     InfoFor
        Msg     '      '
        LDA     #0
        JSR     InfoFor
        Msg     '      Game to '
        LDA     Target
        JSR     MsgNum
        LDA     Build                   ; InfoStr := the scores
        AND     #$00FF
        STA     InfoScores
        LDA     #0
        JSR     InfoCut
        JSR     InfoAppend
        STZ     InfoShort
        JSR     InGame                  ; play.asm: carry set while a game is on
        BCC     @show
@try    JSR     InfoTerms               ; Build := the terms (InfoShort's words)
        LDA     InfoScores              ; InfoStr := the scores and the terms
        JSR     InfoCut
        JSR     InfoAppend
        PHA                             ; StringWidth(InfoStr): does it fit?
        PushLong InfoStr
        _StringWidth
        PLA
        CMP     #INFO_WIDTH+1
        BCC     @show
        LDA     InfoShort               ; no: in shorter words, then on lines
        BNE     @lines
        INC     InfoShort
        BRA     @try
@lines  LDA     InfoScores              ; the scores alone on the line
        JSR     InfoCut
        LDA     #INFO_V
        LDX     #InfoStr
        JSR     InfoDraw
        STZ     InfoShort               ; then each term in full on a line of its own
        LDA     #INFO_V
        STA     InfoV
        STZ     InfoI
@term   JSR     MsgClear
        LDX     InfoI
        JSR     (InfoTermTable,X)
        BCC     @next                   ; (not in force)
        LDA     InfoV
        CLC
        ADC     #INFO_LINE
        STA     InfoV
        LDX     #Build
        JSR     InfoDraw
@next   INC     InfoI
        INC     InfoI
        LDA     InfoI
        CMP     #INFO_TERMS*2
        BCC     @term
        RTS
@show   LDA     #INFO_V
        LDX     #InfoStr
;       (falls into InfoDraw)

; InfoDraw — draw the Pascal string at X (our bank) at the table's left, baseline A,
;   black on the baize.  Clobbers A, X, Y.
InfoDraw
        STX     InfoText
        PHA
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PLA
        PEA     INFO_LEFT               ; MoveTo(INFO_LEFT, A)
        PHA
        _MoveTo
        PEA     InfoStr>>16             ; DrawString(@X): InfoStr or Build, both
        PushWord InfoText               ;   in this bank
        _DrawString
        RTS

; InfoCut — InfoStr's length := A (its first A characters kept).  Clobbers A.
InfoCut
        SEP     #$20
        LONGA   OFF
        STA     InfoStr
        REP     #$20
        LONGA   ON
        RTS

; InfoAppend — append Build to InfoStr (both Pascal strings; the sum stays under 256).
;   Clobbers A, X, Y, InfoCount.
InfoAppend
        LDA     Build
        AND     #$00FF
        STA     InfoCount
        LDA     InfoStr
        AND     #$00FF
        TAY                             ; Y = the end of InfoStr
        LDX     #0                      ; X = Build's characters copied
@copy   CPX     InfoCount
        BCS     @len
        SEP     #$20
        LONGA   OFF
        LDA     Build+1,X
        STA     InfoStr+1,Y
        REP     #$20
        LONGA   ON
        INX
        INY
        BRA     @copy
@len    TYA
        JMP     InfoCut

; InfoTerms — Build := each term in force (InfoTermTable), each after a separator
;   (INFO_SEP spaces; INFO_SEP_SHORT in shorter words).  In: InfoShort.
;   Clobbers A, X, Y, InfoI, InfoMark.
InfoTerms
        JSR     MsgClear
        STZ     InfoI
@term   LDA     Build                   ; where the term starts, to take the
        AND     #$00FF                  ;   separator back when it is not in force
        STA     InfoMark
        LDX     #INFO_SEP
        LDA     InfoShort
        BEQ     @sep
        LDX     #INFO_SEP_SHORT
@sep    LDA     #' '
        JSR     MsgChar                 ; (keeps X)
        DEX
        BNE     @sep
        LDX     InfoI
        JSR     (InfoTermTable,X)
        BCS     @next
        SEP     #$20                    ; not in force: no separator either
        LONGA   OFF
        LDA     InfoMark
        STA     Build
        REP     #$20
        LONGA   ON
@next   INC     InfoI
        INC     InfoI
        LDA     InfoI
        CMP     #INFO_TERMS*2
        BCC     @term
        RTS

; The terms of the game, each appended to Build by its routine (in InfoShort's words);
;   carry set when it is in force, clear (nothing appended) when not.
InfoTermTable
        DC.W    TermTournament          ; "Tournament game"
        DC.W    TermKnockCard           ; Oklahoma: "Knock card 5♥: limit 5, doubled"
        DC.W    TermGinOnly             ; house rule: knocking off
        DC.W    TermSpade               ; house rule: a spade upcard doubles
INFO_TERMS      EQU     (*-InfoTermTable)/2

TermTournament
        LDA     SetTournament
        BEQ     TermOff
        LDA     InfoShort
        BNE     @short
        Msg     'Tournament game'
        SEC
        RTS
@short  Msg     'Tournament'
        SEC
        RTS
TermOff CLC
        RTS

TermKnockCard
        LDA     SetVariant
        BEQ     TermOff
        LDA     InfoShort
        BNE     @short
        Msg     'Knock card '
        BRA     @card
@short  Msg     'Knock '
@card   LDA     Upcard
        JSR     MsgCard
        Msg     ': '
        LDA     KnockLimit              ; the ace: gin only
        BNE     @lim
        Msg     'gin only'
        BRA     @dbl
@lim    Msg     'limit '
        LDA     KnockLimit
        JSR     MsgNum
@dbl    LDA     Mult
        CMP     #2
        BNE     @on
        Msg     ', doubled'
@on     SEC
        RTS

TermGinOnly
        LDA     SetVariant
        BNE     @off
        LDA     RulesBlock+RulesRec.knockOff
        BEQ     @off
        Msg     'Gin only'
        SEC
        RTS
@off    CLC
        RTS

TermSpade
        LDA     SetVariant
        BNE     @off
        LDA     Mult
        CMP     #2
        BNE     @off
        LDA     InfoShort
        BNE     @short
        Msg     'Spade upcard: doubled'
        SEC
        RTS
@short  Msg     'Spade: doubled'
        SEC
        RTS
@off    CLC
        RTS

INFO_LEFT       EQU     10              ; the line's left
INFO_WIDTH      EQU     606             ; the widest it may be: the table's width less
                                        ;   INFO_LEFT each side
INFO_LINE       EQU     9               ; a term's line under the scores, left of the
                                        ;   stock (two at most: tournament or house
                                        ;   rules with Oklahoma's card, or gin only and
                                        ;   a spade), above the message lines
INFO_SEP        EQU     6               ; spaces between the parts of the line
INFO_SEP_SHORT  EQU     3               ;   and in shorter words
InfoShort       DC.W    0               ; nonzero: the terms in shorter words
InfoScores      DC.W    0               ; the scores' length in InfoStr
InfoMark        DC.W    0
InfoCount       DC.W    0
InfoText        DC.W    0               ; InfoDraw's string (its address in this bank)
InfoI           DC.W    0
InfoV           DC.W    0
InfoStr         DS.B    256             ; the line drawn: the scores and the terms

; InfoFor — append "<name>: N points, H hands" of player A ("1 point", "1 hand").
InfoFor
        PHA
        JSR     MsgName
        Msg     ': '
        PLA
        ASL     A
        TAX
        PHX
        LDA     Score,X
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     ', '
        PLX
        LDA     Won,X
        LDX     #NounHand
        JMP     MsgQuantity

; ------------------------------------------------------------------------------------
; DrawRules — the house rules in force (RulesBlock), on the table's bottom line: "House
;   rules: " and each rule that differs from the manual: the play rules (RuleWords),
;   then the scoring (RulesScoring; Hollywood with its three games' scores). When that is wider than the table, the play rules
;   go on the line above and the scoring on the bottom line ("Scoring: ..."). Nothing
;   is drawn for the manual's rules, nor under a final sheet of SHEET_ROWS lines (it
;   reaches the bottom line; it says the scoring).
;   In: RulesBlock.  Clobbers A, X, Y, Rule*.  Cost: about 60 cycles a letter, twice
;   for a long text.
; ------------------------------------------------------------------------------------
DrawRules
        LDA     GPhase                  ; a final sheet of SHEET_ROWS lines reaches
        CMP     #PH_GAMEOVER            ;   the bottom line: the sheet says the
        BNE     @rules                  ;   scoring
        LDA     SheetN
        CMP     #2*SHEET_ROWS
        BCC     @rules
        RTS
@rules  LDA     #RwHouse
        STA     RulePre
        JSR     MsgClear
        STZ     RuleI                   ; the play rules: on when nonzero
@word   LDX     RuleI
        LDY     RuleWords,X             ; Y = the field's offset
        LDA     RulesBlock,Y
        BEQ     @wnext
        LDA     RuleWords+2,X
        JSR     RuleSay
@wnext  LDA     RuleI
        CLC
        ADC     #4
        STA     RuleI
        CMP     #RULE_WORDS*4
        BCC     @word
        LDX     #RulesTmp               ; kept for a line of their own
        JSR     MsgCopy
        JSR     RulesScoring
        LDA     Build                   ; the manual's rules: nothing to say
        AND     #$00FF
        BEQ     @out
        CMP     #MSG_MAX                ; cut at MSG_MAX or wider than the table:
        BCS     @two                    ;   two lines
        PHA
        PushLong Build
        _StringWidth
        PLA
        CMP     #RULES_WIDTH
        BCC     @one
@two    LDA     #RULES_V-RULES_LINE
        LDX     #RulesTmp
        JSR     RulesDraw
        JSR     MsgClear
        LDA     #RwScoring
        STA     RulePre
        JSR     RulesScoring
@one    LDA     #RULES_V
        LDX     #Build
        JMP     RulesDraw
@out    RTS

; RulesScoring — append the scoring's house rules: Hollywood and its three games'
;   scores (player 2's first, in the score line's order: DrawInfo), the box's mode,
;   "bonuses: " and each bonus of other points than the manual's (RuleBonuses), a
;   shutout that adds points.
;   Clobbers A, X, Y, RuleI, RuleBon.  Cost: about 60 cycles a letter (MsgChar).
RulesScoring
        LDA     RulesBlock+RulesRec.scoring ; Hollywood and the three games' scores:
        BEQ     @box                    ;   "Hollywood 73-20 68-20 0-0"
        LDA     #RwHolly
        JSR     RuleSay
        LDX     #0
@holly  PHX
        LDA     #' '
        JSR     MsgChar
        LDA     1,S
        TAX
        LDA     HollyBlock+Holly.scores+2,X
        JSR     MsgNum
        LDA     #'-'
        JSR     MsgChar
        LDA     1,S
        TAX
        LDA     HollyBlock+Holly.scores,X
        JSR     MsgNum
        PLX
        INX
        INX
        INX
        INX
        CPX     #4*HOLLYWOOD_GAMES
        BCC     @holly
@box    LDA     RulesBlock+RulesRec.box ; the box bonus's mode
        BEQ     @bonus
        LDX     #RwBoxDiff
        CMP     #BOX_DIFFERENCE
        BEQ     @say
        LDX     #RwBoxOff
@say    TXA
        JSR     RuleSay
@bonus  STZ     RuleI                   ; "bonuses: gin 30, game 150"
        STZ     RuleBon
@bon    LDX     RuleI
        LDY     RuleBonuses,X           ; Y = the field's offset
        LDA     RulesBlock,Y
        CMP     RuleBonuses+2,X         ; the manual's points
        BEQ     @bnext
        LDA     RuleBon                 ; the first: "bonuses: " before it
        BNE     @bsay
        INC     RuleBon
        LDA     #RwBonuses
        JSR     RuleSay
        LDX     RuleI
        LDA     RuleBonuses+4,X
        TAX
        JSR     MsgPStr
        BRA     @bnum
@bsay   LDA     RuleBonuses+4,X
        JSR     RuleSay
@bnum   LDX     RuleI
        LDY     RuleBonuses,X
        LDA     RulesBlock,Y
        JSR     MsgNum
@bnext  LDA     RuleI
        CLC
        ADC     #6
        STA     RuleI
        CMP     #RULE_BONUSES*6
        BCC     @bon
        LDA     RulesBlock+RulesRec.shutout ; a shutout that adds points
        CMP     #SHUTOUT_DOUBLE
        BEQ     @out
        LDA     #RwShutout
        JSR     RuleSay
        LDA     RulesBlock+RulesRec.shutout
        JMP     MsgNum
@out    RTS

; RulesDraw — draw the Pascal string X (our bank) at the table's left, baseline A,
;   black on the baize.  Clobbers A, X, Y, RuleV, RuleStr.  Cost: four tool calls.
RulesDraw
        STA     RuleV
        STX     RuleStr
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PEA     10
        LDA     RuleV
        PHA
        _MoveTo
        PEA     Build>>16               ; DrawString(our bank : RuleStr)
        LDA     RuleStr
        PHA
        _DrawString
        RTS

; RuleSay — append the rule's words (Pascal string A): RulePre ("House rules: ") before
;   the first, ", " before the others.  Clobbers A, X, Y.  Cost: about 60 cycles a
;   letter (MsgChar).
RuleSay
        PHA
        LDA     Build
        AND     #$00FF
        BNE     @more
        LDX     RulePre
        JSR     MsgPStr
        BRA     @say
@more   Msg     ', '
@say    PLX
        JMP     MsgPStr

RULE_WORDS      EQU     6               ; RuleWords: field offset, words
RuleWords       DC.W    RulesRec.knockOff,RwGinOnly
                DC.W    RulesRec.layoffOff,RwNoLayoff
                DC.W    RulesRec.layoffGin,RwLayGin
                DC.W    RulesRec.corner,RwCorner
                DC.W    RulesRec.spadesDouble,RwSpades
                DC.W    RulesRec.deal,RwEleven
RULE_BONUSES    EQU     4               ; RuleBonuses: field offset, the manual's, words
RuleBonuses     DC.W    RulesRec.ginBonus,GIN_BONUS,RwGin
                DC.W    RulesRec.undercutBonus,UNDERCUT_BONUS,RwUndercut
                DC.W    RulesRec.boxBonus,BOX_BONUS,RwBox
                DC.W    RulesRec.gameBonus,GAME_BONUS,RwGame
RwGinOnly       DC.B    22,'gin only (no knocking)'
RwNoLayoff      DC.B    13,'no laying off'
RwLayGin        DC.B    14,'lay off on gin'
RwCorner        DC.B    26,'around the corner (ace 15)'
RwSpades        DC.B    13,'spades double'
RwEleven        DC.B    15,'Eleven/Ten deal'
RwHolly         DC.B    9,'Hollywood'
RwBoxDiff       DC.B    15,'box: difference'
RwBoxOff        DC.B    12,'no box bonus'
RwGin           DC.B    4,'gin '
RwUndercut      DC.B    9,'undercut '
RwBox           DC.B    4,'box '
RwGame          DC.B    5,'game '
RwShutout       DC.B    9,'shutout +'
RuleI           DC.W    0
RuleBon         DC.W    0               ; nonzero once a bonus has been said
RwBonuses       DC.B    9,'bonuses: '
RuleV           DC.W    0
RuleStr         DC.W    0
RulePre         DC.W    0               ; the first line's opening words
RULES_WIDTH     EQU     616             ; the widest line the table shows
RULES_LINE      EQU     9               ; the play rules' line above the scoring's
RwHouse         DC.B    13,'House rules: '
RwScoring       DC.B    9,'Scoring: '
RulesTmp        DS.B    MSG_MAX+2       ; the play rules, kept for a line of their own

; ------------------------------------------------------------------------------------
; DrawMiddle — the stock (face down, its size beside it), the pile's top card, and the
;   knock card while a discard waits for the knock question.
; ------------------------------------------------------------------------------------
DrawMiddle
        LDA     StockIdx
        CMP     #CARDS_IN_DECK
        BCS     @pile
        LDA     #STOCK_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        JSR     DrawBack
        JSR     MsgClear                ; "31" left of the stock
        LDA     #CARDS_IN_DECK
        SEC
        SBC     StockIdx
        JSR     MsgNum
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PEA     STOCK_LEFT-18
        PEA     MID_TOP+14
        _MoveTo
        PushLong Build
        _DrawString
@pile   LDA     PileLen
        BEQ     @knock
        LDA     #PILE_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        LDX     PileLen
        LDA     Pile-1,X
        AND     #$00FF
        JSR     DrawCard
@knock  JSR     DrawDrawn
        LDA     GPhase
        CMP     #PH_KNOCKQ
        BEQ     @kq
        RTS
@kq
        LDA     #KNOCK_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        LDA     Pending
        JSR     DrawCard
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PEA     KNOCK_LEFT+CARD_W+6
        PEA     MID_TOP+14
        _MoveTo
        PushLong KnockStr
        _DrawString
@out    RTS

; DrawDrawn — through the first hand, the two cards drawn for deal (player 0's, then
;   player 1's) right of the knock card, the names in the same order beside them.
DrawDrawn
        LDA     DrawShown
        BEQ     @out
        LDA     HandNum
        CMP     #2
        BCC     @show
@out    RTS
@show   LDA     #DRAWN_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        LDA     DrawCard0
        JSR     DrawCard
        LDA     #DRAWN_LEFT+CARD_STEP
        STA     CardH
        LDA     DrawCard1
        JSR     DrawCard
        JSR     MsgClear
        LDA     #0
        JSR     MsgName
        Msg     ', '
        LDA     #1
        JSR     MsgName
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PEA     DRAWN_LEFT+2*CARD_STEP
        PEA     MID_TOP+8
        _MoveTo
        PushLong DrawnStr
        _DrawString
        PEA     DRAWN_LEFT+2*CARD_STEP
        PEA     MID_TOP+18
        _MoveTo
        PushLong Build
        _DrawString
        RTS

; ------------------------------------------------------------------------------------
; DrawMessages — the two message lines (MsgLine1, MsgLine2).
; ------------------------------------------------------------------------------------
DrawMessages
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        PEA     10
        PEA     MSG_V
        _MoveTo
        PushLong MsgLine1
        _DrawString
        PEA     10
        PEA     MSG2_V
        _MoveTo
        PushLong MsgLine2
        _DrawString
        RTS

; ------------------------------------------------------------------------------------
; DrawSheet — the score sheet at the end of the game (SheetLines, SHEET_ROWS lines).
; ------------------------------------------------------------------------------------
DrawSheet
        PEA     C_BLACK
        _SetForeColor
        PEA     C_GREEN
        _SetBackColor
        LDA     #SHEET_V
        STA     CardV
        LDX     #0
@line   CPX     SheetN
        BCS     @out
        PHX
        PEA     60
        LDA     CardV
        PHA
        _MoveTo
        PLX
        PHX
        PEA     SheetLines>>16          ; DrawString(SheetLines + x * SHEET_WIDTH/2)
        TXA
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        CLC
        ADC     #SheetLines
        PHA
        _DrawString
        LDA     CardV
        CLC
        ADC     #SHEET_LINE
        STA     CardV
        PLX
        INX
        INX
        BRA     @line
@out    RTS

; ------------------------------------------------------------------------------------
; CardShape — a card's outline at CardH/CardV (CardRect set): a round rect filled with
;   colour A and framed in black, as both a face and a back begin.
;   In: A = the fill's colour.  Clobbers A, X, Y.  Cost: four tool calls.
; ------------------------------------------------------------------------------------
CardShape
        PHA                             ; SetSolidPenPat(A), once CardRect is set
        JSR     SetCardRect
        _SetSolidPenPat
        PushLong CardRect
        PEA     CARD_ROUND
        PEA     CARD_ROUND
        _PaintRRect
        PEA     C_BLACK
        _SetSolidPenPat
        PushLong CardRect
        PEA     CARD_ROUND
        PEA     CARD_ROUND
        _FrameRRect
        RTS

; ------------------------------------------------------------------------------------
; DrawCard — one card face up: a white round rect framed in black, the rank and suit
;   top left, the suit again bottom right, red for diamonds and hearts.
;   In: A = card (suit*13+rank), CardH/CardV = its top-left corner (local).
; ------------------------------------------------------------------------------------
DrawCard
        STA     CardNum
        LDA     #C_WHITE
        JSR     CardShape
        LDA     CardNum                 ; X = suit, Y = rank
        JSR     SplitCard
        STX     CardSuit
        STY     CardRank
        LDA     #C_BLACK                ; diamonds (1) and hearts (2) are red
        CPX     #1
        BEQ     @red
        CPX     #2
        BNE     @ink
@red    LDA     #C_RED
@ink    PHA
        _SetForeColor
        PEA     C_WHITE
        _SetBackColor
        LDA     CardH                   ; MoveTo(h + 3, v + 8)
        CLC
        ADC     #3
        PHA
        LDA     CardV
        CLC
        ADC     #8
        PHA
        _MoveTo
        PEA     RankText>>16            ; DrawString(RankText + rank * 3)
        LDA     CardRank
        ASL     A
        ADC     CardRank
        ADC     #RankText
        PHA
        _DrawString
        LDA     CardSuit                ; DrawChar(suit code)
        INC     A
        PHA
        _DrawChar
        LDA     CardH                   ; the suit again, bottom right
        CLC
        ADC     #CARD_W-10
        PHA
        LDA     CardV
        CLC
        ADC     #CARD_H-4
        PHA
        _MoveTo
        LDA     CardSuit
        INC     A
        PHA
        _DrawChar
        RTS

; ------------------------------------------------------------------------------------
; DrawBack — one card face down at CardH/CardV: red, framed black, a white inner line.
; ------------------------------------------------------------------------------------
DrawBack
        LDA     #C_RED
        JSR     CardShape
        PEA     C_WHITE
        _SetSolidPenPat
        PushLong CardRect               ; InsetRect(CardRect, 4, 3); FrameRect
        PEA     4
        PEA     3
        _InsetRect
        PushLong CardRect
        _FrameRect
        RTS

; SetCardRect — CardRect := (CardV, CardH, CardV + CARD_H, CardH + CARD_W).
SetCardRect
        LDA     CardV
        STA     CardRect
        CLC
        ADC     #CARD_H
        STA     CardRect+4
        LDA     CardH
        STA     CardRect+2
        CLC
        ADC     #CARD_W
        STA     CardRect+6
        RTS

; ------------------------------------------------------------------------------------
; SplitCard — A = card -> X = suit (0 clubs .. 3 spades), Y = rank (0 ace .. 12 king).
; ------------------------------------------------------------------------------------
SplitCard
        LDX     #0
@suit   CMP     #RANKS_PER_SUIT
        BCC     @done
        SBC     #RANKS_PER_SUIT         ; carry is set here
        INX
        BRA     @suit
@done   TAY
        RTS

; ------------------------------------------------------------------------------------
; CardMaskBit — A = card -> X = its suit's offset in a Hand (suit*2), A = 1 << rank.
; ------------------------------------------------------------------------------------
CardMaskBit
        JSR     SplitCard
        TXA
        ASL     A
        TAX
        TYA
        ASL     A
        TAY
        LDA     RankBit,Y
        RTS

; ------------------------------------------------------------------------------------
; CopyHand — player A's hand (Hands, four suit words) to the Hand record at Y.
;   In: A = the player (0 or 1), Y = where it goes (in our bank).  Out: X = the hand's
;   end in Hands.  Clobbers A, X, Y.  Cost: about 90 cycles.
; ------------------------------------------------------------------------------------
CopyHand
        ASL     A
        ASL     A
        ASL     A
        TAX
        CLC
        ADC     #Hand.Size
        STA     CopyEnd
@copy   LDA     Hands,X
        STA     |0,Y
        INX
        INX
        INY
        INY
        CPX     CopyEnd
        BCC     @copy
        RTS
CopyEnd DC.W    0

; ------------------------------------------------------------------------------------
; CanonRun — one run of GK_Canon's answer, as LayMelds reads it.
;   In: X = the meld's offset in CnBestHi/CnBestLo (a run: CnBestHi bit 15 clear).
;   Out: LaySuitI = its suit (CnBestHi >> 13), A = LayMask = its ranks (~CnBestLo).
;   Clobbers A.  Cost: about 45 cycles.
; ------------------------------------------------------------------------------------
CanonRun
        LDA     CnBestHi,X
        XBA
        LSR     A
        LSR     A
        LSR     A
        LSR     A
        LSR     A
        AND     #3
        STA     LaySuitI
        LDA     CnBestLo,X
        EOR     #$FFFF
        AND     #SUIT_MASK_ALL
        STA     LayMask
        RTS

; ------------------------------------------------------------------------------------
; LayoutHand — place player A's cards for drawing and hit-testing: LayCard/LayH/LayV
;   (word entries; LayN = 2 * count). Player 1 sits at the top, player 0 below in the
;   hand display mode (matrix, by rank, by suit, by melds); at the end of a hand both are
;   shown by melds.
; ------------------------------------------------------------------------------------
LayoutHand
        STA     LayPlayer
        LDY     #LayHand                ; LayHand := Hands[player] (4 words)
        JSR     CopyHand
        STZ     LayN
        LDA     #HAND_LEFT
        STA     LayX
        LDA     #HAND_TOP
        STA     LayY
        LDA     LayPlayer
        BEQ     @mode
        LDA     #OPP_LEFT
        STA     LayX
        LDA     #OPP_TOP
        STA     LayY
        LDA     GPhase                  ; the top hand: by suit, by melds when shown
        CMP     #PH_HANDOVER
        BCS     @melds
        BRA     @suit
@mode   LDA     GPhase
        CMP     #PH_HANDOVER
        BCS     @melds
        LDA     SetDisplay
        CMP     #DISP_MELDS
        BEQ     @melds
        CMP     #DISP_RANK
        BEQ     @rank
        CMP     #DISP_MATRIX
        BEQ     @matrix
@suit   JMP     LaySuit
@rank   JMP     LayRank
@matrix JMP     LayMatrix
@melds  LDA     GPhase                  ; the end of a knock: laid-off cards on the
        CMP     #PH_HANDOVER            ;   knocker's melds
        BNE     @lay
        JSR     LayLaidOff
@lay    JSR     LayMelds
        LDX     #Hand.Size-2            ; LayExtra is for this row only
@clear  STZ     LayExtra,X
        DEX
        DEX
        BPL     @clear
        RTS

; LaySuit — clubs to spades, each suit ace to king, in one row.
LaySuit
        STZ     LaySuitI
@suit   STZ     LayRankI
@rank   JSR     LayIfHeld
        INC     LayRankI
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @rank
        INC     LaySuitI
        LDA     LaySuitI
        CMP     #SUITS
        BCC     @suit
        RTS

; LayRank — ace to king, each rank clubs to spades, in one row.
LayRank
        STZ     LayRankI
@rank   STZ     LaySuitI
@suit   JSR     LayIfHeld
        INC     LaySuitI
        LDA     LaySuitI
        CMP     #SUITS
        BCC     @suit
        INC     LayRankI
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @rank
        RTS

; LayMatrix — a row per suit (clubs at the bottom, spades on top), a column per rank.
LayMatrix
        STZ     LaySuitI
@suit   STZ     LayRankI
@rank   LDA     LayRankI                ; LayX := MATRIX_LEFT + rank * MATRIX_STEP
        LDX     #MATRIX_STEP
        JSR     Mul
        CLC
        ADC     #MATRIX_LEFT
        STA     LayX
        LDA     #SUITS-1                ; LayY := MATRIX_TOP + (3 - suit) * MATRIX_ROW
        SEC
        SBC     LaySuitI
        LDX     #MATRIX_ROW
        JSR     Mul
        CLC
        ADC     #MATRIX_TOP
        STA     LayY
        JSR     LayIfHeld
        INC     LayRankI
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @rank
        INC     LaySuitI
        LDA     LaySuitI
        CMP     #SUITS
        BCC     @suit
        RTS

; LayIfHeld — card (LaySuitI, LayRankI) in LayHand: add it at LayX/LayY, step LayX.
LayIfHeld
        LDA     LaySuitI
        ASL     A
        TAX
        LDA     LayRankI
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LayHand,X
        BEQ     @out
        LDA     LaySuitI                ; card = suit * 13 + rank
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     LayRankI
        JSR     LayAdd
@out    RTS

; LayAdd — append card A at (LayX, LayY); LayX += CARD_STEP.
LayAdd
        LDX     LayN
        STA     LayCard,X
        LDA     LayX
        STA     LayH,X
        LDA     LayY
        STA     LayV,X
        INX
        INX
        STX     LayN
        LDA     LayX
        CLC
        ADC     #CARD_STEP
        STA     LayX
        RTS

; LayMelds — the canonical melds (GK_Canon, docs/personalities.md §1) on the left, a gap
;   after each, then the deadwood by rank (docs: "Sort by Melds"). LayEnds gets each
;   meld's end (2 * cards laid so far), LayDw the deadwood; CnBestCount = 2 * melds.
;   LayExtra's cards (laid off onto these melds) are laid in the melds they extend.
LayMelds
        LDX     #Hand.Size-2            ; DwHand := LayHand
@copy   LDA     LayHand,X
        STA     DwHand,X
        DEX
        DEX
        BPL     @copy
        JSL     GK_Canon
        STA     LayDw
        STZ     LayMeldI
@meld   LDA     LayMeldI
        CMP     CnBestCount
        BCC     @one
        BRL     @dead
@one    TAX
        LDA     CnBestHi,X
        BMI     @set
        JSR     CanonRun                ; a run: its suit and ranks
        JSR     JoinRun
        JSR     RunStart                ; from its first card (Q K A 2 around the corner)
        LDA     #RANKS_PER_SUIT
        STA     LayLeft
@run    LDA     LayRankI
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LayMask
        BEQ     @nextr
        LDA     LaySuitI
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     LayRankI
        JSR     LayAdd
@nextr  INC     LayRankI                ; the next rank, the ace after the King
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @left
        STZ     LayRankI
@left   DEC     LayLeft
        BNE     @run
        BRA     @gap
@set    AND     #SUIT_MASK_ALL          ; a set: its rank bit; its suits from lo
        JSR     BitIndex
        STA     LayRankI
        LDA     CnBestLo,X
        ASL     A
        TAX
        LDA     SetSuitMasks,X          ; bit per suit in the set
        STA     LayMask
        JSR     JoinSet
        STZ     LaySuitI
@setc   LDA     LaySuitI
        ASL     A
        TAY
        LDA     RankBit,Y               ; 1 << suit
        AND     LayMask
        BEQ     @nexts
        LDA     LaySuitI
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     LayRankI
        JSR     LayAdd
@nexts  INC     LaySuitI
        LDA     LaySuitI
        CMP     #SUITS
        BCC     @setc
@gap    LDX     LayMeldI                ; this meld ends here
        LDA     LayN
        STA     LayEnds,X
        LDA     LayX
        CLC
        ADC     #CARD_STEP/3
        STA     LayX
        INC     LayMeldI
        INC     LayMeldI
        BRL     @meld
@dead   LDX     #Hand.Size-2            ; the deadwood, by rank
@dcopy  LDA     CnDead,X
        STA     LayHand,X
        DEX
        DEX
        BPL     @dcopy
        JMP     LayRank

; RunStart — LayRankI := a run's first rank: the first rank of LayMask whose rank below
;   (the King below the ace) is not in it; the ace for a whole suit. A run that does not
;   go around the corner starts at its lowest rank, as before.  Clobbers A, Y.
RunStart
        STZ     LayRankI
@find   LDA     LayRankI
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LayMask
        BEQ     @next
        LDA     LayRankI                ; the rank below, cyclic
        BNE     @below
        LDA     #RANKS_PER_SUIT
@below  DEC     A
        ASL     A
        TAY
        LDA     RankBit,Y
        AND     LayMask
        BEQ     @out
@next   INC     LayRankI
        LDA     LayRankI
        CMP     #RANKS_PER_SUIT
        BCC     @find
        STZ     LayRankI
@out    RTS

; JoinRun — LayMask (a run's ranks in suit LaySuitI) += the LayExtra cards of that suit
;   next to it, one after another; they leave LayExtra.  Clobbers A, X, JoinTmp.
JoinRun
        LDA     LaySuitI
        ASL     A
        TAX
@grow   LDA     LayMask                 ; the run's ranks and their neighbours
        ASL     A
        ORA     LayMask
        STA     JoinTmp
        LDA     LayMask
        LSR     A
        ORA     JoinTmp
        AND     LayExtra,X
        BEQ     @out
        STA     JoinTmp
        ORA     LayMask
        STA     LayMask
        LDA     JoinTmp
        EOR     #$FFFF
        AND     LayExtra,X
        STA     LayExtra,X
        BRA     @grow
@out    RTS

; JoinSet — LayMask (a set's suits, rank LayRankI) += the suits of the LayExtra cards of
;   that rank; they leave LayExtra.  Clobbers A, X, Y.
JoinSet
        LDA     LayRankI
        ASL     A
        TAY
        LDX     #0                      ; X = 2 * suit
@suit   LDA     RankBit,Y
        AND     LayExtra,X
        BEQ     @next
        EOR     LayExtra,X              ; the card leaves LayExtra
        STA     LayExtra,X
        LDA     RankBit,X               ; 1 << suit
        ORA     LayMask
        STA     LayMask
@next   INX
        INX
        CPX     #Hand.Size
        BCC     @suit
        RTS

; SetSuitMasks — the suits of a set by GK_Canon's lo key: 0 all four, 1 {CDH}, 2 {CDS},
;   3 {CHS}, 4 {DHS} (bit suit set).
SetSuitMasks
        DC.W    $000F,$0007,$000B,$000D,$000E

; ------------------------------------------------------------------------------------
; BitIndex — A = a word with one bit set -> A = that bit's number.
; ------------------------------------------------------------------------------------
BitIndex
        LDY     #0
@shift  LSR     A
        BCS     @done
        INY
        CPY     #16
        BCC     @shift
@done   TYA
        RTS

; ------------------------------------------------------------------------------------
; Mul — A = A * X (small unsigned numbers). Clobbers X.
; ------------------------------------------------------------------------------------
Mul
        STA     MulA
        LDA     #0
        CPX     #0
        BEQ     @done
@add    CLC
        ADC     MulA
        DEX
        BNE     @add
@done   RTS

; ------------------------------------------------------------------------------------
; HitTest — what a click at Zp.where (local v, h) lands on.
;   Out: A = 0 nothing, HIT_STOCK, HIT_PILE, HIT_KNOCK, or HIT_CARD + card for a card of
;   the bottom hand (as last laid out).
; ------------------------------------------------------------------------------------
HIT_STOCK       EQU     1
HIT_PILE        EQU     2
HIT_KNOCK       EQU     3
HIT_CARD        EQU     $100

HitTest
        LDA     #STOCK_LEFT
        STA     CardH
        LDA     #MID_TOP
        STA     CardV
        JSR     InCard
        BCC     @pile
        LDA     #HIT_STOCK
        RTS
@pile   LDA     #PILE_LEFT
        STA     CardH
        JSR     InCard
        BCC     @knock
        LDA     #HIT_PILE
        RTS
@knock  LDA     #KNOCK_LEFT
        STA     CardH
        JSR     InCard
        BCC     @hand
        LDA     #HIT_KNOCK
        RTS
@hand   LDX     LayN                    ; the last card drawn is on top: scan back
@scan   DEX
        DEX
        BMI     @none
        LDA     LayH,X
        STA     CardH
        LDA     LayV,X
        STA     CardV
        PHX
        JSR     InCard
        PLX
        BCC     @scan
        LDA     LayCard,X
        ORA     #HIT_CARD
        RTS
@none   LDA     #0
        RTS

; InCard — carry set when Zp.where lies in the card at CardH/CardV.
InCard
        LDA     <Zp.where               ; v
        SEC
        SBC     CardV
        CMP     #CARD_H                 ; unsigned: below the top and above the bottom
        BCS     @no
        LDA     <Zp.where+2             ; h
        SEC
        SBC     CardH
        CMP     #CARD_W
        BCS     @no
        SEC
        RTS
@no     CLC
        RTS

; ------------------------------------------------------------------------------------
; The message builder: Build is a Pascal string the Msg... routines append to.
; ------------------------------------------------------------------------------------
; MsgClear — Build := ''.
MsgClear
        SEP     #$20
        LONGA   OFF
        STZ     Build
        REP     #$20
        LONGA   ON
        RTS

; MsgChar — append the character in A's low byte (dropped when Build is full).
MsgChar
        PHX
        PHA
        LDA     Build
        AND     #$00FF
        CMP     #MSG_MAX
        BCS     @full
        TAX
        PLA
        SEP     #$20
        LONGA   OFF
        STA     Build+1,X
        INC     Build
        REP     #$20
        LONGA   ON
        PLX
        RTS
@full   PLA
        PLX
        RTS

; MsgInline — append the zero-terminated text after the JSR; return past it.
MsgInline
        PLA                             ; the return address - 1 = the byte before
        STA     MsgPtr
@next   INC     MsgPtr
        LDX     MsgPtr
        LDA     |$0000,X
        AND     #$00FF
        BEQ     @end
        JSR     MsgChar
        BRA     @next
@end    LDA     MsgPtr                  ; RTS adds 1: resume after the zero
        PHA
        RTS

; MsgPStr — append the Pascal string at X (our bank).
MsgPStr
        LDA     |$0000,X
        AND     #$00FF
        STA     MsgCount
@next   LDA     MsgCount
        BEQ     @out
        INX
        LDA     |$0000,X
        JSR     MsgChar
        DEC     MsgCount
        BRA     @next
@out    RTS

; MsgQuantity — append "N <noun>", the noun plural unless N = 1: "0 points", "1 point",
;   "2 points" (every count the program writes goes through here; the nouns: data.asm
;   CountNouns).  In: A = N, X = the noun, singular (Pascal string, our bank).
;   Clobbers A, X, Y, PluralN.  Cost: MsgNum's and about 60 cycles a letter.
MsgQuantity
        STA     PluralN
        PHX
        JSR     MsgNum
        LDA     #' '
        JSR     MsgChar
        PLX
        JSR     MsgPStr
        LDA     PluralN
        JMP     MsgPlural

; MsgNum — append A as an unsigned decimal number.
MsgNum
        LDX     #0                      ; digits pushed onto DigitBuf, last first
@div    STZ     MsgCount                ; A := A / 10, remainder in MsgTmp
        LDY     #16
        STA     MsgTmp2
        STZ     MsgTmp
@bit    ASL     MsgTmp2
        ROL     MsgTmp
        LDA     MsgTmp
        CMP     #10
        BCC     @zero
        SBC     #10
        STA     MsgTmp
        INC     MsgTmp2
@zero   DEY
        BNE     @bit
        LDA     MsgTmp
        STA     DigitBuf,X
        INX
        INX
        LDA     MsgTmp2
        BNE     @div
@out    DEX
        DEX
        BMI     @done
        LDA     DigitBuf,X
        CLC
        ADC     #'0'
        JSR     MsgChar
        BRA     @out
@done   RTS

; MsgCard — append card A as "10♥".
MsgCard
        JSR     SplitCard
        PHX
        TYA
        STA     MsgTmp
        ASL     A
        ADC     MsgTmp
        ADC     #RankText
        TAX
        JSR     MsgPStr
        PLA
        INC     A                       ; the suit's font code $01-$04
        JSR     MsgChar
        RTS

; MsgName — append the name of player A: the player's own for a human, else the
;   personality's; two copies of one personality are named apart, the second seat's
;   with " 2" ("Irv", "Irv 2"; issue 45).
;   In: A = the player (0, 1).  Clobbers A, X, MsgCount (Y kept).
MsgName
        PHA
        JSR     MsgBaseName
        PLA
        JSR     TwinSeat                ; the second of two alike: " 2"
        BCC     @out
        LDX     #TwinMark
        JMP     MsgPStr
@out    RTS

; MsgBaseName — append the name of player A without the twin's mark (MsgName).
;   Clobbers A, X, MsgCount.
MsgBaseName
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BNE     @pers
        LDX     #PlayerName
        JMP     MsgPStr
@pers   ASL     A
        TAX
        LDA     PersNames,X
        TAX
        JMP     MsgPStr

; TwinSeat — carry set when player A is the second seat of two copies of one player
;   kind (Kind = Kind+2): the one named with TwinMark.  Clobbers A.
TwinSeat
        CMP     #1
        BNE     @no
        LDA     Kind
        CMP     Kind+2
        BNE     @no
        SEC
        RTS
@no     CLC
        RTS

; MsgToLine1, MsgToLine2 — copy Build into a message line (line 2: a notice on it is
;   gone, MsgNotice).  Clobbers A, X, Y, Zp.ptr.
MsgToLine1
        LDX     #MsgLine1
        BRA     MsgCopy
MsgToLine2
        STZ     NoticeUp
        LDX     #MsgLine2
MsgCopy
        STX     <Zp.ptr                 ; (Zp.ptr) addresses our bank (B = K)
        LDY     #0
@copy   LDA     Build,Y
        STA     (<Zp.ptr),Y
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @copy
        RTS

; MsgNotice — Build onto message line 2 as a notice (a knock refused, "Settings
;   saved."): the line it covers, what the computer did, is kept (Line2Kept; a notice
;   over a notice keeps the first's) for LineBack to bring back (issue 45).
;   Clobbers A, X, Y, Zp.ptr.
MsgNotice
        LDA     NoticeUp
        BNE     @over
        LDY     #0
@keep   LDA     MsgLine2,Y
        STA     Line2Kept,Y
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @keep
@over   JSR     MsgToLine2
        LDX     #NoticeText             ; the notice itself, to know it again
        JSR     MsgCopy
        LDA     #1
        STA     NoticeUp
        RTS

; LineBack — the notice MsgNotice wrote still on message line 2 (not replaced since,
;   by a move or a game resumed): the line it covered comes back (Undo, Show Cards
;   closed); else line 2 stays.  Clobbers A, Y.
LineBack
        LDA     NoticeUp
        BEQ     @out
        STZ     NoticeUp
        LDY     #0
@same   LDA     MsgLine2,Y              ; still the notice?
        CMP     NoticeText,Y
        BNE     @out
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @same
        LDY     #0
@back   LDA     Line2Kept,Y
        STA     MsgLine2,Y
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @back
@out    RTS

NoticeUp        DC.W    0               ; nonzero: line 2 holds a notice (MsgNotice)
Line2Kept       DS.B    MSG_MAX+2       ; the line the notice covers
NoticeText      DS.B    MSG_MAX+2       ; the notice

; ------------------------------------------------------------------------------------
; TrackCursor — the pointer's shape after each TaskMaster call (manual, "Drawing": the
;   arrow over the stock, the hand over the upcard): the hand while the mouse is over
;   the upcard and the human may take it (the first-upcard offer or a draw), else the
;   arrow.
;   In:  DeskDP.task whereV/whereH (global, written by TaskMaster even for a null event).
;   Out: CurCursor; SetCursor/InitCursor only when the shape changes.
;   Clobbers: A, X, Zp.where, CardV/CardH (click scratch).  M/X 16-bit, B = our bank.
;   Cost: ~110 cycles without a change.
; ------------------------------------------------------------------------------------
TrackCursor
        LDA     GPhase
        CMP     #PH_OFFER
        BEQ     @human
        CMP     #PH_DRAW
        BNE     @arrow
@human  JSR     HumanToAct              ; is it the human's draw? (clobbers A, X)
        BCC     @arrow
        LDA     <DeskDP.task+TaskRec.whereV ; Zp.where := the mouse, table-local
        SEC
        SBC     #CONTENT_V0
        STA     <Zp.where
        LDA     <DeskDP.task+TaskRec.whereH
        SEC
        SBC     #CONTENT_H0
        STA     <Zp.where+2
        LDA     #MID_TOP                ; over the upcard?
        STA     CardV
        LDA     #PILE_LEFT
        STA     CardH
        JSR     InCard
        BCC     @arrow
        LDA     #CURSOR_HAND
        BRA     @want
@arrow  LDA     #CURSOR_ARROW
@want   CMP     CurCursor
        BEQ     @same
        STA     CurCursor
        CMP     #CURSOR_HAND
        BNE     @init
        PushLong HandCursor
        _SetCursor
@same   RTS
@init   _InitCursor
        RTS
