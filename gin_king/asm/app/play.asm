; play.asm — the game flow: New Game, the deal, the first-upcard offer, draw, discard,
; the knock question, the computer's turns (GK_Decide), laying off, scoring, the next
; hand and the score sheet at the end. Included into main.asm (one unit).
;
; Rules: the manual's "Rules of Gin" as pinned down in docs/rules.md (the oracle,
; gin_king/oracle/state.py and scoring.py, plays the same game). Player 0 is the manual's
; player 1 (the bottom hand, the human when there is one), player 1 sits at the top.
; Phases (PH_...) are explicit; each click is dispatched by the phase it arrives in.

; ------------------------------------------------------------------------------------
; InGame — carry set while a game is in progress (a hand being played or just shown).
; ------------------------------------------------------------------------------------
InGame
        LDA     GPhase
        BEQ     @no
        CMP     #PH_GAMEOVER
        BCS     @no
        SEC
        RTS
@no     CLC
        RTS

; ------------------------------------------------------------------------------------
; HumanToAct — carry set when the player whose turn it is is human and a decision of
;   the hand (offer, draw, discard, knock) is waiting.
; ------------------------------------------------------------------------------------
HumanToAct
        LDA     GPhase
        CMP     #PH_OFFER
        BCC     @no
        CMP     #PH_HANDOVER
        BCS     @no
        LDA     Turn
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BNE     @no
        SEC
        RTS
@no     CLC
        RTS

; CanUndo — carry set when the human's discard waits beside the pile (Edit/Undo).
CanUndo
        JSR     HumanToAct
        BCC     @out
        LDA     GPhase
        CMP     #PH_KNOCKQ
        BEQ     @out                    ; carry is set (equal)
        CLC
@out    RTS

; CanAdvise — carry set when the human may ask the tutor (not in a tournament).
CanAdvise
        LDA     SetTournament
        BNE     @no
        JMP     HumanToAct
@no     CLC
        RTS

; ------------------------------------------------------------------------------------
; DoNewGame — File/New Game: a saved game not resumed is replaced (a tournament one
;   recorded as lost after asking, files.asm SavedForfeit; Cancel: no new game), players
;   and points from the settings, the generator seeded (the settings' seed when set,
;   else the clock), the draw for deal (or, for Replay Cards, the previous game's first
;   dealer), the first hand dealt.
; ------------------------------------------------------------------------------------
DoNewGame
        JSR     InGame                  ; End Game first (the item is dimmed anyway)
        BCC     @start
        JMP     Beep
@start  JSR     SavedForfeit            ; files.asm: a tournament game is not dodged
        BCC     @new
        RTS
@new    LDA     SetP1
        STA     Kind
        LDA     SetP2
        STA     Kind+2
        LDA     SetPoints
        ASL     A
        TAX
        LDA     PointsTable,X
        STA     Target
        LDA     SetSeedLo               ; seed: the settings' or the clock's
        ORA     SetSeedHi
        BNE     @fixed
        PHA                             ; TickCount() -> a long
        PHA
        _TickCount
        PLA
        STA     SeedLo
        PLA
        STA     SeedHi
        BRA     @seed
@fixed  LDA     SetSeedLo
        STA     SeedLo
        LDA     SetSeedHi
        STA     SeedHi
@seed   LDA     SeedLo
        LDX     SeedHi
        JSL     GK_Seed
        LDA     SeedLo                  ; each player's own generator (Irv)
        EOR     #$5A5A
        STA     IrvRng
        LDA     SeedHi
        STA     IrvRng+2
        LDA     SeedLo
        EOR     #$A5A5
        STA     IrvRng+4
        LDA     SeedHi
        EOR     #$1234
        STA     IrvRng+6
        JSR     DiscardGame             ; files.asm: a saved game is replaced
        JSR     KeepLastGame            ; the finished game's deals become "previous"
        STZ     DrawShown               ; Replay Cards draws nothing
        LDA     SetShuffle
        CMP     #SHUF_REPLAY
        BNE     @draw
        LDA     PrevCount
        BEQ     @draw
        LDA     PrevDealer              ; Replay Cards: the previous first dealer
        STA     Dealer
        BRA     @dealt
@draw   JSR     DrawForDeal
@dealt  LDA     Dealer
        STA     FirstDealer
        STZ     Score
        STZ     Score+2
        STZ     Won
        STZ     Won+2
        JSL     GK_HollywoodStart       ; (Hollywood: a new match)
        STZ     HandNum
        STZ     LogN
        STZ     Walls
        STZ     GameEnded
        LDX     #3*4-2                  ; no wins of any kind yet
@stats  STZ     WinsByKind,X
        DEX
        DEX
        BPL     @stats
        JSR     StartHand
        JMP     AfterMove

; KeepLastGame — the current game's recorded deals become the previous game's (none are
;   recorded when it was abandoned: DoEndGame).
KeepLastGame
        LDA     GameDeckCount
        BEQ     @out
        STA     PrevCount
        LDA     FirstDealer
        STA     PrevDealer
        LDA     #1                      ; this game's deals are recorded by seat
        STA     PrevBySeat
        LDX     #0
@copy   LDA     GameDecks,X
        STA     PrevDecks,X
        INX
        INX
        CPX     #MAX_HANDS*CARDS_IN_DECK
        BCC     @copy
        STZ     GameDeckCount
@out    RTS

; ------------------------------------------------------------------------------------
; The by-seat form of a recorded hand (docs/rng.md "Replay Cards"): player 0's ten cards,
; player 1's ten (each in the order dealt), the first upcard, the stock.
;
; SeatsFromDeck — GameDecks+X := Deck by seat, dealt by Dealer.
; DeckFromSeats — Deck := PrevDecks+X's by-seat cards in deal order, dealt by Dealer.
;   In: X = the hand's offset (hand * CARDS_IN_DECK).  Clobbers A, X, Y, SeatTmp,
;   SeatDir, DealI, MulA+2.  About 4,000 cycles.
; ------------------------------------------------------------------------------------
SeatsFromDeck
        LDA     #0
        BRA     SeatCopy
DeckFromSeats
        LDA     #1
SeatCopy
        STA     SeatDir
        STX     MulA+2
        STZ     DealI
@slot   LDA     DealI                   ; deck slot i <-> by-seat place j
        CMP     #2*HAND_SIZE
        BCS     @same
        JSR     SeatSlot
        BRA     @at
@same   LDA     DealI                   ; the upcard and the stock: as they lie
@at     CLC
        ADC     MulA+2
        TAX
        LDY     DealI
        SEP     #$20
        LONGA   OFF
        LDA     SeatDir
        BNE     @in
        LDA     Deck,Y                  ; GameDecks[base + j] := Deck[i]
        STA     GameDecks,X
        BRA     @next
@in     LDA     PrevDecks,X             ; Deck[i] := PrevDecks[base + j]
        STA     Deck,Y
@next   REP     #$20
        LONGA   ON
        INC     DealI
        LDA     DealI
        CMP     #CARDS_IN_DECK
        BCC     @slot
        RTS

; SeatSlot — A = a deal slot 0..19 -> A = its place in the by-seat form: (the seat the
;   slot goes to: odd slots the dealer's) * HAND_SIZE + slot / 2.  Clobbers SeatTmp.
SeatSlot
        LSR     A                       ; carry: an odd slot, the dealer's
        STA     SeatTmp
        LDA     Dealer
        BCS     @seat
        EOR     #1
@seat   CMP     #0
        BEQ     @p0
        LDA     SeatTmp
        CLC
        ADC     #HAND_SIZE
        RTS
@p0     LDA     SeatTmp
        RTS

; ------------------------------------------------------------------------------------
; DrawForDeal — docs/rules.md "Draw for deal": player 0 draws a = below(52), player 1
;   b = below(51) (+1 when b >= a) — User Supplied Cards asks for each (UserDraw); the
;   high card (King high, then ♠ > ♥ > ♦ > ♣)
;   chooses: a human is asked (AskDeal), a computer makes the other player deal. Both
;   cards stay on the table through the first hand (DrawShown).
;   Out: Dealer, DrawHigh, DrawShown = 1. Clobbers A, X, Y.
; ------------------------------------------------------------------------------------
DrawForDeal
        LDA     SetShuffle              ; User Supplied Cards: both cards asked for
        CMP     #SHUF_USER              ;   (cards.asm UserDraw; issue 45)
        BNE     @random
        JSR     UserDraw
        BRA     @drawn
@random LDA     #CARDS_IN_DECK
        JSL     GK_Below
        STA     DrawCard0
        JSR     DrawSecond
@drawn  LDA     DrawCard0               ; key = rank * 4 + suit
        JSR     HighKey
        STA     MsgTmp
        LDA     DrawCard1
        JSR     HighKey
        CMP     MsgTmp                  ; key1 < key0: player 0 high, player 1 deals
        LDA     #0
        BCS     @set
        LDA     #1
@set    STA     Dealer                  ; the computer's rule: the other player deals
        EOR     #1
        STA     DrawHigh
        LDA     #1
        STA     DrawShown
        LDA     DrawHigh                ; a human who drew high chooses
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BNE     @out
        JSR     AskDeal
        BCC     @out
        LDA     DrawHigh
        STA     Dealer
@out    RTS

; DrawSecond — DrawCard1 := player 1's random card: below(51), past DrawCard0's.
;   Clobbers A, X, Y.
DrawSecond
        LDA     #CARDS_IN_DECK-1
        JSL     GK_Below
        CMP     DrawCard0
        BCC     @keep
        INC     A
@keep   STA     DrawCard1
        RTS

; AskDeal — the human who drew high (DrawHigh) is shown both cards and chooses: Deal,
;   or Make <opponent> deal (the default button, the computer's choice).
;   Out: carry set when he deals himself. Clobbers A, X, Y.
DEAL_OTHER      EQU     1               ; AskDeal's buttons (item IDs)
DEAL_SELF       EQU     2
AskDeal
        JSR     MsgClear
        Msg     'Draw for deal: '
        LDA     #0
        JSR     MsgName
        Msg     ' drew the '
        LDA     DrawCard0
        JSR     MsgCard
        Msg     ', '
        LDA     #1
        JSR     MsgName
        Msg     ' the '
        LDA     DrawCard1
        JSR     MsgCard
        Msg     '.'
        LDX     #DealText0
        JSR     MsgCopy
        JSR     MsgClear
        LDA     DrawHigh
        JSR     MsgName
        Msg     ' drew high: deal, or make '
        LDA     DrawHigh
        EOR     #1
        JSR     MsgName
        Msg     ' deal?'
        LDX     #DealText1
        JSR     MsgCopy
        JSR     MsgClear
        Msg     'Make '
        LDA     DrawHigh
        EOR     #1
        JSR     MsgName
        Msg     ' deal'
        LDX     #DealOtherStr
        JSR     MsgCopy
        PushLong DealText0              ; ParamText(^0, ^1, nil, nil)
        PushLong DealText1
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _ParamText
        LDA     #1
        STA     DealAsking
        PHA                             ; NoteAlert(@DealAlert, nil)
        PushLong DealAlert
        PEA     $0000
        PEA     $0000
        _NoteAlert
        PLA
        STZ     DealAsking
        CMP     #DEAL_SELF
        BEQ     @self
        CLC
        RTS
@self   SEC
        RTS

DealAsking      DC.W    0               ; 1 while AskDeal's alert is up (tests read it)
DealText0       DS.B    MSG_MAX+2
DealText1       DS.B    MSG_MAX+2
DealOtherStr    DS.B    MSG_MAX+2
DealAlert
        DC.W    60,100,110,540
        DC.W    3
        DC.B    $80,$80,$80,$80
        DC.L    DealOther,DealSelf,DealMsg,0
DealOther DC.W  DEAL_OTHER,30,250,43,420,$0A
        DC.L    DealOtherStr
        DC.W    0,1
        DC.L    0
DealSelf DC.W   DEAL_SELF,30,150,43,230,$0A
        DC.L    DealStr
        DC.W    0,0
        DC.L    0
DealMsg DC.W    100,6,50,28,430,$800F
        DC.L    DealTemplate
        DC.W    0,0
        DC.L    0
        STRING  PASCAL
DealStr         DC.B    'Deal'
        STRING  ASIS
DealTemplate    DC.B    5,'^0',$0D,'^1'  ; the two lines (a Pascal string)

; HighKey — A = card -> A = rank * 4 + suit (the draw for deal's order).
HighKey
        JSR     SplitCard
        STX     MulA+2
        TYA
        ASL     A
        ASL     A
        ORA     MulA+2
        RTS

; ------------------------------------------------------------------------------------
; StartHand — deal a hand: the deck by the shuffle mode (a fresh shuffle of the game's
;   generator; Replay Cards: the previous game's deck for this hand while there is one),
;   recorded by seat for the next Replay; deck[0,2..18] to the non-dealer, deck[1,3..19]
;   to the dealer, deck[20] the upcard, the stock from deck[21] (docs/rng.md "The deal").
;   A replayed hand gives each player the cards he had (duplicate Gin; an old settings
;   file's deck orders are dealt as they lie). User Supplied Cards (UserDeck): the hands
;   and the upcard asked for, the stock left UD_OPEN for StockCard as it is drawn.
;   Oklahoma: the upcard sets the knock limit (Ace: gin only) and a spade doubles.
; ------------------------------------------------------------------------------------
StartHand
        JSR     RulesIn                 ; RulesBlock := the game's house rules
        LDA     SetShuffle
        CMP     #SHUF_REPLAY
        BNE     @shuffle
        LDA     HandNum
        CMP     PrevCount
        BCS     @shuffle
        LDX     #CARDS_IN_DECK          ; Deck := PrevDecks[HandNum]
        JSR     Mul
        TAX
        LDA     PrevBySeat
        BEQ     @asis
        JSR     DeckFromSeats
        BRA     @record
@asis   LDY     #0
@replay LDA     PrevDecks,X
        STA     Deck,Y
        INX
        INX
        INY
        INY
        CPY     #CARDS_IN_DECK
        BCC     @replay
        BRA     @record
@shuffle LDA    SetShuffle              ; User Supplied Cards: asked for
        CMP     #SHUF_USER
        BNE     @random
        JSR     UserDeck
        BRA     @record
@random PlaySfx SND_SHUFFLE
        JSL     GK_Shuffle
@record LDA     HandNum                 ; GameDecks[HandNum] := Deck, by seat
        CMP     #MAX_HANDS
        BCS     @deal
        LDX     #CARDS_IN_DECK
        JSR     Mul
        TAX
        JSR     SeatsFromDeck
        LDA     HandNum
        INC     A
        STA     GameDeckCount
@deal   LDX     #4*Hand.Size-2          ; both hands and both "took" masks empty
@clear  STZ     Hands,X
        STZ     Took,X
        DEX
        DEX
        BPL     @clear
        LDX     #Hand.Size-2
@clr2   STZ     LaidOff,X
        DEX
        DEX
        BPL     @clr2
        JSR     SlideDealStart          ; F/X: the table cleared for the deal
        PlaySfx SND_DEAL
        STZ     DealI
@next   LDA     DealI                   ; odd slots to the dealer
        AND     #1
        BEQ     @nond
        LDA     Dealer
        BRA     @to
@nond   LDA     Dealer
        EOR     #1
@to     STA     Turn
        LDX     DealI
        LDA     Deck,X
        AND     #$00FF
        JSR     AddToHand
        LDA     DealI                   ; F/X: a back to the next place in the row
        LSR     A
        JSR     SlideDeal
        INC     DealI
        LDA     DealI
        CMP     #2*HAND_SIZE
        BCC     @next
        LDA     Deck+2*HAND_SIZE        ; the upcard starts the pile
        AND     #$00FF
        STA     Pile
        STA     Upcard
        LDA     #1
        STA     PileLen
        LDA     #2*HAND_SIZE+1
        STA     StockIdx
        JSR     ElevenTen               ; Eleven/Ten: the first player's eleventh card
        BCS     @first
        LDA     Upcard                  ; the knock limit and the hand's multiplier
        LDX     SetVariant              ;   (Oklahoma: the upcard's value, Ace gin
        JSL     GK_HandTerms            ;   only, a spade doubles; house rules:
        STA     KnockLimit              ;   knocking off, spades double)
        STX     Mult
@std    LDA     Dealer                  ; the non-dealer is offered the upcard first
        EOR     #1
        STA     Turn
        STZ     OfferStep
        LDA     #PH_OFFER
@phase  STA     GPhase
        LDA     #NO_CARD
        STA     Taken
        STA     Pending
        STZ     Draws
        STZ     Draws+2
        INC     HandNum
        JSR     MsgClear
        JSR     MsgToLine2
        RTS
@first  LDA     #PH_DISCARD             ; Eleven/Ten: the first player discards
        BRA     @phase

; ElevenTen — the Eleven/Ten deal (002; docs/rules.md), in standard gin only: the card
;   the deal would turn up goes to the non-dealer, the first player, as his eleventh; the
;   pile stays empty until his opening discard (OpeningDiscard), and Turn is his.
;   Out: carry set when so dealt (else nothing changed).  Clobbers A, X, Y.
ElevenTen
        LDA     RulesBlock+RulesRec.deal
        BEQ     @no
        LDA     SetVariant              ; never with Oklahoma: ten and ten
        BNE     @no
        LDA     Dealer
        EOR     #1
        STA     Turn
        LDA     Pile                    ; (Deck[2 * HAND_SIZE], the upcard)
        AND     #$00FF
        JSR     AddToHand
        STZ     PileLen
        LDA     #NO_CARD
        STA     Upcard
        LDA     #0                      ; until the opening discard: the terms of a
        TAX                             ;   club upcard in standard gin (no doubling)
        JSL     GK_HandTerms
        STA     KnockLimit
        STX     Mult
        SEC
        RTS
@no     CLC
        RTS

; OpeningDiscard — after a discard: with the pile still empty and no card drawn yet
;   (Eleven/Ten's opening discard) that card is the hand's first upcard: it fixes the
;   hand's terms (GK_HandTerms: spades double reads it).  In: Pending.
;   Clobbers A, X, Y.
OpeningDiscard
        LDA     PileLen
        ORA     Draws
        ORA     Draws+2
        BNE     @out
        LDA     Pending
        STA     Upcard
        LDX     SetVariant
        JSL     GK_HandTerms
        STA     KnockLimit
        STX     Mult
@out    RTS

; NoKnockQuestion — knocking off (Simple Gin): a discard that does not make gin goes
;   straight onto the pile; there is no knock to offer.  Clobbers A, X, Y.
NoKnockQuestion
        LDA     RulesBlock+RulesRec.knockOff
        BEQ     @out
        JSR     KnockDeadwood
        CMP     #0
        BEQ     @out
        JMP     PutOnPile
@out    RTS

; ------------------------------------------------------------------------------------
; RulesIn — RulesBlock := the house rules the game plays by: SetRules, or the manual's
;   in a tournament (ManualRules); its points are the game's target.
;   Clobbers A, X.  Cost: about 250 cycles.
; ------------------------------------------------------------------------------------
RulesIn
        LDX     #RulesRec.Size-2
@copy   LDA     SetTournament
        BEQ     @house
        LDA     ManualRules,X
        BRA     @put
@house  LDA     SetRules,X
@put    STA     RulesBlock,X
        DEX
        DEX
        BPL     @copy
        LDA     Target
        STA     RulesBlock+RulesRec.points
        RTS

; ------------------------------------------------------------------------------------
; AddToHand / RemoveFromHand — card A into / out of the hand of player Turn.
; HandX — A = card -> X = the card's suit word in Hands[Turn], A = its bit.
; ------------------------------------------------------------------------------------
HandX
        JSR     CardMaskBit
        PHA
        LDA     Turn
        ASL     A
        ASL     A
        ASL     A
        STA     MulA
        TXA
        CLC
        ADC     MulA
        TAX
        PLA
        RTS
AddToHand
        JSR     HandX
        ORA     Hands,X
        STA     Hands,X
        RTS
RemoveFromHand
        JSR     HandX
        EOR     #$FFFF
        AND     Hands,X
        STA     Hands,X
        RTS
; HeldByTurn — carry set when player Turn holds card A.
HeldByTurn
        JSR     HandX
        AND     Hands,X
        BEQ     @no
        SEC
        RTS
@no     CLC
        RTS

; ------------------------------------------------------------------------------------
; The moves. Each leaves the state consistent; AfterMove lets the computer play on and
; redraws.
; ------------------------------------------------------------------------------------
; TakeUpcard — Turn takes the pile's top card (the first upcard included).
TakeUpcard
        LDX     PileLen                 ; F/X: the upcard from the pile to the hand
        LDA     Pile-1,X
        AND     #$00FF
        LDX     #PILE_LEFT
        JSR     SlideFromMiddle
        PlaySfx SND_DRAW
        DEC     PileLen
        LDX     PileLen
        LDA     Pile,X
        AND     #$00FF
        STA     Taken
        STA     NewCard
        JSR     AddToHand
        LDA     Taken                   ; remembered: the opponent saw it taken
        JSR     HandX
        ORA     Took,X
        STA     Took,X
        LDA     Turn
        ASL     A
        TAX
        INC     Draws,X
        LDA     #PH_DISCARD
        STA     GPhase
        RTS

; Refuse — Turn refuses the first upcard: the dealer is offered it next; when both
;   refuse, the non-dealer draws from the stock (not asked), and line 2 says so (with a
;   computer dealer's refusal: "Willy refused the 9♠ too. You drew the 3♦ ...").
Refuse
        LDA     OfferStep
        BNE     @both
        INC     OfferStep
        LDA     Turn
        EOR     #1
        STA     Turn
        RTS
@both   LDA     Dealer                  ; the non-dealer draws from the stock
        EOR     #1
        STA     Turn
        JSR     DrawStock
        JSR     MsgClear                ; and line 2 says so: a computer dealer's
        LDA     Dealer                  ;   refusal first (it follows the other's)
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BEQ     @told
        LDA     Dealer
        JSR     MsgName
        Msg     ' refused the '
        JSR     MsgUpcard
        Msg     ' too. '
@told   LDA     Turn
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BEQ     @you
        LDA     Turn
        JSR     MsgName
        Msg     ' drew from the stock'
        JMP     MsgToLine2
@you    Msg     'You drew the '
        LDA     LastDrawn
        JSR     MsgCard
        Msg     ' from the stock.'
        JMP     MsgToLine2

; DrawStock — Turn draws the stock's top card (User Supplied Cards: asked for now).
DrawStock
        JSR     StockCard
        LDX     StockIdx                ; F/X: the card from the stock to the hand, its
        LDA     Deck,X                  ;   face shown to a human only
        AND     #$00FF
        PHA
        LDA     Turn
        ASL     A
        TAX
        PLA
        LDY     Kind,X
        CPY     #HUMAN
        BEQ     @face
        LDA     #NO_CARD
@face   LDX     #STOCK_LEFT
        JSR     SlideFromMiddle
        PlaySfx SND_DRAW
        LDX     StockIdx
        LDA     Deck,X
        AND     #$00FF
        STA     LastDrawn
        STA     NewCard
        JSR     AddToHand
        INC     StockIdx
        LDA     #NO_CARD
        STA     Taken
        LDA     Turn
        ASL     A
        TAX
        INC     Draws,X
        LDA     #PH_DISCARD
        STA     GPhase
        RTS

; DoDiscard — Turn discards card A: it waits beside the pile for the knock question.
DoDiscard
        STA     Pending
        JSR     SlideDiscard            ; F/X: from the hand to beside the pile
        PlaySfx SND_DISCARD
        LDA     Pending
        JSR     RemoveFromHand
        JSR     OpeningDiscard          ; Eleven/Ten: the first upcard
        LDA     #PH_KNOCKQ
        STA     GPhase
        RTS

; PendingToPile — the waiting discard (Pending) goes on top of the pile; none waits.
;   Clobbers A, X.  Cost: about 40 cycles.
PendingToPile
        LDX     PileLen
        SEP     #$20
        LONGA   OFF
        LDA     Pending
        STA     Pile,X
        REP     #$20
        LONGA   ON
        INC     PileLen
        LDA     #NO_CARD
        STA     Pending
        RTS

; PutOnPile — the waiting discard goes on the pile without a knock; the turn ends.
PutOnPile
        JSR     PendingToPile
; EndTurn — the wall (docs/rules.md: two cards left after a discard: a tie) or the
;   other player's draw.
EndTurn
        LDA     #NO_CARD
        STA     Taken
        LDA     #CARDS_IN_DECK
        SEC
        SBC     StockIdx
        CMP     #WALL_STOCK+1
        BCS     @go
        JMP     Wall
@go     LDA     Turn
        EOR     #1
        STA     Turn
        LDA     #PH_DRAW
        STA     GPhase
        RTS

; KnockDeadwood — A = deadwood of the 10 cards player Turn keeps.
KnockDeadwood
        LDA     Turn
        LDY     #DwHand
        JSR     CopyHand
        JSL     GK_Deadwood
        RTS

; ------------------------------------------------------------------------------------
; TableClick — a click on the table (Zp.where, local), dispatched by the phase.
; ContinueKey — space or return: the click that continues after a hand or the game.
; ------------------------------------------------------------------------------------
TableClick
        JSR     HitTest
        STA     HitCode
        LDA     GPhase
        CMP     #PHASES
        BCS     @out
        ASL     A
        TAX
        JSR     (ClickTable,X)
@out    RTS

ClickTable                              ; one line per phase
        DC.W    Ignore                  ; PH_NONE: nothing on the table
        DC.W    ClickUpcard             ; PH_OFFER
        DC.W    ClickUpcard             ; PH_DRAW
        DC.W    ClickDiscard            ; PH_DISCARD
        DC.W    ClickKnock              ; PH_KNOCKQ
        DC.W    NextHand                ; PH_HANDOVER: anywhere deals the next hand
        DC.W    ClearGame               ; PH_GAMEOVER: anywhere clears the table
PHASES          EQU     (*-ClickTable)/2

ContinueKey
        LDA     GPhase
        CMP     #PH_HANDOVER
        BNE     @over
        JMP     NextHand
@over   CMP     #PH_GAMEOVER
        BNE     @out
        JMP     ClearGame
@out    RTS

; ClickUpcard — the pile's top card takes it; the stock refuses the first upcard
;   (PH_OFFER) or draws from the stock (PH_DRAW).
ClickUpcard
        JSR     HumanToAct
        BCC     @out
        LDA     HitCode
        CMP     #HIT_PILE
        BNE     @stock
        JSR     TakeUpcard
        BRA     @moved
@stock  CMP     #HIT_STOCK
        BNE     @out
        LDA     GPhase
        CMP     #PH_OFFER
        BNE     @draw
        JSR     Refuse
        BRA     @moved
@draw   JSR     DrawStock
@moved  JMP     AfterMove
@out    RTS

; ClickDiscard — any card of the hand but the one just taken from the pile (Taken): the
;   manual is silent, the common rule (Hoyle, OpenSpiel, the EAAI framework) forbids it
;   and so does Help; that click is refused as an illegal knock is: a beep and a caution
;   alert, the reason kept on message line 2 (docs/rules.md, issue 45).
ClickDiscard
        JSR     HumanToAct
        BCC     @out
        LDA     HitCode
        CMP     #HIT_CARD
        BCC     @out
        AND     #$00FF
        CMP     Taken
        BEQ     @back
        JSR     DoDiscard
        JSR     NoKnockQuestion
        JMP     AfterMove
@back   JSR     MsgClear                ; "You cannot discard the Q♦: you just took
        Msg     'You cannot discard the '
        LDA     Taken
        JSR     MsgCard
        Msg     ': you just took it from the pile.'
        JSR     MsgToLine2
        JSR     RefuseBuild
        JMP     Redraw
@out    RTS

; ClickKnock — the knock card knocks (when legal), the pile just discards.
ClickKnock
        JSR     HumanToAct
        BCS     @mine
        RTS
@mine   LDA     HitCode
        CMP     #HIT_PILE
        BNE     @knock
        JSR     PutOnPile
        JMP     AfterMove
@knock  CMP     #HIT_KNOCK
        BEQ     @try
        RTS
@try
        JSR     KnockDeadwood
        CMP     KnockLimit
        BEQ     @legal
        BCC     @legal
        STA     MsgTmp3                 ; rejected: say why (a caution alert, and
        JSR     MsgClear                ;   on the table)
        Msg     'You cannot knock with '
        LDA     MsgTmp3
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     ' of deadwood ('
        LDA     KnockLimit              ; Oklahoma's ace knock card: gin only
        BNE     @limit
        Msg     'gin only'
        BRA     @said
@limit  Msg     'the limit is '
        LDA     KnockLimit
        JSR     MsgNum
@said   Msg     ').'
        JSR     MsgNotice               ; (over the computer's move: table.asm)
        JSR     RefuseBuild
        JMP     Redraw
@legal  JSR     Knock
        JMP     AfterMove
@out    RTS

; ------------------------------------------------------------------------------------
; DoUndo — Edit/Undo: the discard waiting beside the pile goes back into the hand; a
;   refused knock's reason on line 2 gives way to the computer's move it covered.
; ------------------------------------------------------------------------------------
DoUndo
        JSR     CanUndo
        BCS     @undo
        JMP     Beep
@undo   LDA     Pending
        JSR     AddToHand
        LDA     #NO_CARD
        STA     Pending
        LDA     #PH_DISCARD
        STA     GPhase
        JSR     LineBack                ; a refused knock's reason: the computer's
        JMP     AfterMove               ;   move again on line 2 (table.asm)

; ------------------------------------------------------------------------------------
; DoEndGame — File/End Game: abandon the game in progress; the table is cleared. A
;   tournament game is recorded as lost, after a confirmation (files.asm ForfeitAsked).
;   An abandoned game's deals are forgotten (GameDeckCount := 0): Replay Cards deals
;   those of the last game played to its end, so an abandoned replay keeps them, for
;   New Game (KeepLastGame) and Save Settings alike (docs/rng.md, issue 45).
; ClearGame — after the score sheet: back to the empty table; the saved game discarded.
; ------------------------------------------------------------------------------------
DoEndGame
        LDA     #ForfeitEnd
        JSR     ForfeitAsked
        BCC     @end
        RTS
@end    LDA     GameEnded               ; (won at the last hand: played to its end)
        BNE     ClearGame
        STZ     GameDeckCount
ClearGame
        STZ     GPhase
        JSR     DiscardGame             ; files.asm: the saved game goes with it
        JSR     ResumeEnds              ; files.asm: a resumed game's rules go too
        JSR     MsgClear
        JSR     MsgToLine1
        JSR     MsgToLine2
        JMP     Redraw

; ------------------------------------------------------------------------------------
; AfterMove — the computer plays while it is its turn; then the prompt for the human,
;   the game saved when a hand has just ended (files.asm SaveGame), the table redrawn.
; ------------------------------------------------------------------------------------
AfterMove
@loop   LDA     GPhase
        CMP     #PH_OFFER
        BCC     @done
        CMP     #PH_HANDOVER
        BCS     @done
        LDA     Turn
        ASL     A
        TAX
        LDA     Kind,X
        CMP     #HUMAN
        BEQ     @done
        JSR     ComputerStep
        BRA     @loop
@done   JSR     Prompt
        LDA     GPhase                  ; a hand just ended: the game kept on the disk
        CMP     #PH_HANDOVER
        BNE     @draw
        JSR     SaveGame                ; files.asm
@draw   JMP     Redraw

; ------------------------------------------------------------------------------------
; Prompt — message line 1: what the human is asked to do now.
; ------------------------------------------------------------------------------------
Prompt
        JSR     HumanToAct
        BCS     @ask
        RTS
@ask    JSR     MsgClear
        LDA     GPhase
        CMP     #PH_OFFER
        BEQ     @offer
        BRL     @draw
@offer
        Msg     'Take the '
        JSR     MsgUpcard
        Msg     '? Click it to take it, or the stock to refuse it.'
        BRL     @set
@draw   CMP     #PH_DRAW
        BNE     @disc
        Msg     'Your draw: click the stock or the '
        JSR     MsgUpcard
        Msg     '.'
        BRL     @set
@disc   CMP     #PH_DISCARD
        BNE     @knock
        Msg     'Discard: click a card of your hand.'
        BRL     @set
@knock  LDA     RulesBlock+RulesRec.knockOff
        BNE     @gin
        Msg     'Knock? Click the knock card to knock, or the pile to discard.'
        BRA     @set
@gin    Msg     'Gin! Click the knock card to go gin (knocking is off: gin only), or the pile.'
@set    JSR     MsgToLine1
        RTS

; MsgUpcard — append the pile's top card.
MsgUpcard
        LDX     PileLen
        LDA     Pile-1,X
        AND     #$00FF
        JMP     MsgCard

; ------------------------------------------------------------------------------------
; ComputerStep — one decision of the computer player whose turn it is (GK_Decide with
;   its personality; docs/native-abi.md). Its moves are told on message line 2.
; ------------------------------------------------------------------------------------
ComputerStep
        LDA     Turn
        ASL     A
        TAX
        LDA     Kind,X
        STA     PosPers
        LDA     GPhase
        CMP     #PH_KNOCKQ              ; a discard already waits (the players were
        BNE     @dphase                 ;   changed at the knock question)
        BRL     @knockq
@dphase CMP     #PH_DISCARD
        BNE     @draw
        BRL     @discard
@draw   LDA     #DEC_DRAW               ; offer or draw: take the upcard?
        JSR     Decide
        LDA     DecBlock+Dec.choice
        BNE     @take
        BRL     @refuse
@take   JSR     MsgClear                ; "<name> took the X"
        LDA     Turn
        JSR     MsgName
        Msg     ' took the '
        JSR     MsgUpcard
        JSR     MsgToLine2
        JMP     TakeUpcard
@refuse LDA     GPhase
        CMP     #PH_OFFER
        BNE     @stock
        JSR     MsgClear                ; "<name> refused the X."
        LDA     Turn
        JSR     MsgName
        Msg     ' refused the '
        JSR     MsgUpcard
        Msg     '.'
        JSR     MsgToLine2
        JMP     Refuse                  ; (a second refusal draws the stock)
@stock  JSR     MsgClear                ; "<name> drew from the stock"
        LDA     Turn
        JSR     MsgName
        Msg     ' drew from the stock'
        JSR     MsgToLine2
        JMP     DrawStock
@discard
        LDA     #DEC_DISCARD
        JSR     Decide
        LDA     DecBlock+Dec.choice     ; a card held, not the one just taken
        CMP     #CARDS_IN_DECK
        BCS     @any
        CMP     Taken
        BEQ     @any
        JSR     HeldByTurn
        BCS     @chosen
@any    JSR     AnyDiscard
        STA     DecBlock+Dec.choice
@chosen LDA     PileLen                 ; Eleven/Ten's opening discard (nothing
        ORA     Draws                   ;   drawn, the pile empty): "<name>
        ORA     Draws+2                 ;   discarded the Y." on a line of its own
        BNE     @after
        JSR     MsgClear
        LDA     Turn
        JSR     MsgName
        Msg     ' discarded the '
        BRA     @card
@after  JSR     MsgFromLine2            ; "... and discarded the Y."
        Msg     ' and discarded the '
@card
        LDA     DecBlock+Dec.choice
        JSR     MsgCard
        Msg     '.'
        JSR     MsgToLine2
        LDA     DecBlock+Dec.choice
        JSR     DoDiscard
@knockq JSR     KnockDeadwood           ; knock when legal and the personality wants to
        CMP     KnockLimit
        BEQ     @ask
        BCS     @pile
@ask    LDA     #DEC_KNOCK
        JSR     Decide
        LDA     DecBlock+Dec.choice
        BEQ     @pile
        JMP     Knock
@pile   JMP     PutOnPile

; AnyDiscard — A = the first card player Turn holds that was not just taken.
AnyDiscard
        STZ     DealI
@try    LDA     DealI
        CMP     Taken
        BEQ     @next
        JSR     HeldByTurn
        BCS     @got
@next   INC     DealI
        LDA     DealI
        CMP     #CARDS_IN_DECK
        BCC     @try
@got    LDA     DealI
        RTS

; MsgFromLine2 — Build := message line 2 (to append to it).
MsgFromLine2
        LDY     #0
@copy   LDA     MsgLine2,Y
        STA     Build,Y
        INY
        INY
        CPY     #MSG_MAX+2
        BCC     @copy
        RTS

; ------------------------------------------------------------------------------------
; Decide — GK_Decide for player Turn: decision A, personality PosPers.  Out: DecBlock.
;   The engine refuses (status 1) only a personality or decision out of range: that is a
;   corrupt game, so it stops the machine with a report rather than play a wrong move.
; ------------------------------------------------------------------------------------
Decide
        STA     PosDec
        JSR     FillPos
        JSL     GK_Decide
        LDA     DecBlock+Dec.status
        BEQ     @keep
        PEA     DECIDE_FAILED           ; errorCode
        PushLong DecideFailMsg          ; failString
        _SysFailMgr                     ; does not return
@keep   LDA     Turn                    ; Irv's generator goes on next time
        ASL     A
        ASL     A
        TAX
        LDA     PosBlock+Pos.rngLo
        STA     IrvRng,X
        LDA     PosBlock+Pos.rngHi
        STA     IrvRng+2,X
        RTS

; ------------------------------------------------------------------------------------
; FillPos — the position block for player Turn (docs/native-abi.md "The position
;   block"): PosPers, PosDec; the hand, upcard, card taken, discard waiting, pile,
;   the opponent's known cards, stock, scores, knock limit and the opponent's name.
; ------------------------------------------------------------------------------------
FillPos
        LDA     PosPers
        STA     PosBlock+Pos.personality
        LDA     PosDec
        STA     PosBlock+Pos.decision
        LDX     #0                      ; firstOffer = the offer phase
        LDA     GPhase
        CMP     #PH_OFFER
        BNE     @fo
        INX
@fo     STX     PosBlock+Pos.firstOffer
        LDA     Turn                    ; hand; the opponent's known cards
        LDY     #PosBlock+Pos.hand
        JSR     CopyHand
        LDA     Turn
        EOR     #1
        ASL     A
        ASL     A
        ASL     A
        TAX
        LDY     #0
@known  LDA     Hands,X
        AND     Took,X
        STA     PosBlock+Pos.oppKnown,Y
        INX
        INX
        INY
        INY
        CPY     #Hand.Size
        BCC     @known
        LDA     #NO_CARD                ; the upcard (top of the pile)
        LDX     PileLen
        BEQ     @up
        LDA     Pile-1,X
        AND     #$00FF
@up     STA     PosBlock+Pos.upcard
        LDA     Taken
        STA     PosBlock+Pos.taken
        LDA     Pending
        STA     PosBlock+Pos.discard
        LDX     #Hand.Size-2            ; the pile as a mask
@pclr   STZ     PosBlock+Pos.pile,X
        DEX
        DEX
        BPL     @pclr
        STZ     DealI
@pile   LDA     DealI
        CMP     PileLen
        BCS     @stock
        TAX
        LDA     Pile,X
        AND     #$00FF
        JSR     CardMaskBit
        ORA     PosBlock+Pos.pile,X
        STA     PosBlock+Pos.pile,X
        INC     DealI
        BRA     @pile
@stock  LDA     #CARDS_IN_DECK
        SEC
        SBC     StockIdx
        STA     PosBlock+Pos.stockSize
        LDA     Turn                    ; X = me * 2, Y = opponent * 2
        ASL     A
        TAX
        EOR     #2
        TAY
        LDA     Score,X
        STA     PosBlock+Pos.myScore
        LDA     Score,Y
        STA     PosBlock+Pos.oppScore
        LDA     Won,X
        STA     PosBlock+Pos.myWon
        LDA     Won,Y
        STA     PosBlock+Pos.oppWon
        LDA     Draws,Y
        STA     PosBlock+Pos.oppDraws
        LDA     Kind,Y
        ASL     A
        TAX
        LDA     Pronouns,X
        STA     PosBlock+Pos.oppPronoun
        LDA     Target
        STA     PosBlock+Pos.target
        LDA     KnockLimit
        STA     PosBlock+Pos.knockLimit
        LDA     Turn
        ASL     A
        ASL     A
        TAX
        LDA     IrvRng,X
        STA     PosBlock+Pos.rngLo
        LDA     IrvRng+2,X
        STA     PosBlock+Pos.rngHi
        JSR     MsgClear                ; the opponent's name
        LDA     Turn
        EOR     #1
        JSR     MsgName
        LDX     #NAME_MAX+1-2
@name   LDA     Build,X
        STA     PosBlock+Pos.oppName,X
        DEX
        DEX
        BPL     @name
        LDA     Build
        AND     #$00FF
        CMP     #NAME_MAX+1
        BCC     @len
        SEP     #$20
        LONGA   OFF
        LDA     #NAME_MAX
        STA     PosBlock+Pos.oppName
        REP     #$20
        LONGA   ON
@len    RTS

; ------------------------------------------------------------------------------------
; Knock — player Turn knocks with the waiting discard (it goes onto the pile face
;   down). The knocker's melds are his canonical arrangement (GK_Canon); the defender
;   lays off (never on gin) to his best (BestDefence); then the hand is scored
;   (docs/rules.md "Knocking, laying off, scoring").
; ------------------------------------------------------------------------------------
Knock
        LDA     Turn
        STA     Knocker
        JSR     PendingToPile           ; the knock card onto the pile
        JSR     KnockerMelds
        LDA     KnockDw
        BNE     @layoff
        LDA     RulesBlock+RulesRec.layoffGin ; gin: no laying off (house rule: on gin too)
        BEQ     @nolay
        JSR     Defence
        BRA     @gin
@nolay  JSR     DefenceAsIs
@gin    LDA     #RES_GIN
        STA     ResKind
        LDA     Knocker
        STA     ResWinner
        LDA     DefDw
        CLC
        ADC     RulesBlock+RulesRec.ginBonus
        BRA     @points
@layoff LDA     RulesBlock+RulesRec.layoffOff ; house rule: no laying off at all
        ORA     RulesBlock+RulesRec.knockOff
        BEQ     @lay
        JSR     DefenceAsIs
        BRA     @cmp
@lay    JSR     Defence
@cmp    LDA     DefDw
        CMP     KnockDw
        BEQ     @under
        BCS     @won
@under  LDA     #RES_UNDERCUT           ; less or equal: the defender undercuts
        STA     ResKind
        LDA     Knocker
        EOR     #1
        STA     ResWinner
        LDA     KnockDw
        SEC
        SBC     DefDw
        CLC
        ADC     RulesBlock+RulesRec.undercutBonus
        BRA     @points
@won    LDA     #RES_KNOCK
        STA     ResKind
        LDA     Knocker
        STA     ResWinner
        LDA     DefDw
        SEC
        SBC     KnockDw
@points PHA                             ; the statistics: wins by kind
        LDA     ResWinner
        ASL     A
        CLC
        ADC     ResKind
        ADC     ResKind
        ADC     ResKind
        ADC     ResKind
        TAX
        INC     WinsByKind,X
        PLA
        LDX     Mult                    ; Oklahoma: a spade doubles the hand
        CPX     #2
        BNE     @single
        ASL     A
@single STA     ResPoints
        JSR     LogHand                 ; stats.asm: the Score Sheet's row
        LDA     RulesBlock+RulesRec.scoring ; Hollywood: three games (HollyHand)
        BEQ     @one
        JSR     HollyHand
        BRA     @dealer
@one    LDA     ResWinner
        ASL     A
        TAX
        LDA     Score,X
        CLC
        ADC     ResPoints
        STA     Score,X
        INC     Won,X
@dealer LDA     ResWinner               ; the winner deals the next hand
        STA     Dealer
        JSR     HandEndSound            ; sound.asm: knock, gin or undercut
        JSR     TellKnock
        LDA     RulesBlock+RulesRec.scoring ; (Hollywood: HollyHand ended the match)
        BNE     @over
        LDA     ResWinner
        ASL     A
        TAX
        LDA     Score,X
        CMP     Target
        BCC     @over
        LDA     ResWinner               ; the game is won
        STA     GameWinner
        LDA     #1
        STA     GameEnded
@over   LDA     #PH_HANDOVER
        STA     GPhase
        RTS

; Defence — the defender lays off to his best: BestDefence, or under runs around the
;   corner (whose runs reach past the King) the engine's own search, GK_Showdown.
;   In: Turn = the knocker, DefHand, KHi/KLo/KMeldN.  Out: DefDw, LaidOff.
Defence
        LDA     RulesBlock+RulesRec.corner
        BNE     @corner
        JMP     BestDefence
@corner LDA     Turn                    ; ShowBlock := the knocker's and defender's cards
        LDY     #ShowBlock+Showdown.knocker
        JSR     CopyHand
        LDX     #Hand.Size-2
@copy   LDA     DefHand,X
        STA     ShowBlock+Showdown.defender,X
        DEX
        DEX
        BPL     @copy
        LDA     #1
        STA     ShowBlock+Showdown.multiplier
        JSL     GK_Showdown
        LDA     ShowBlock+Showdown.defenderDw
        STA     DefDw
        LDX     #Hand.Size-2
@laid   LDA     ShowBlock+Showdown.laidOff,X
        STA     LaidOff,X
        DEX
        DEX
        BPL     @laid
        RTS

; HollyHand — Hollywood scoring (004; docs/rules.md): the hand won (ResWinner,
;   ResPoints) scored in the three games (GK_HollywoodHand); Score and Won show the game
;   the players see; the match is over (GameEnded) when all three games are.
;   Clobbers A, X.
HollyHand
        LDA     ResWinner
        LDX     ResPoints
        JSR     HollyScore
        LDA     HollyBlock+Holly.current ; Score, Won := the game shown
        ASL     A
        ASL     A
        TAX
        LDA     HollyBlock+Holly.scores,X
        STA     Score
        LDA     HollyBlock+Holly.scores+2,X
        STA     Score+2
        LDA     HollyBlock+Holly.boxes,X
        STA     Won
        LDA     HollyBlock+Holly.boxes+2,X
        STA     Won+2
        LDA     HollyBlock+Holly.closed
        CMP     #GAMES_ALL
        BNE     @out
        LDA     #1
        STA     GameEnded
@out    RTS

; HollyScore — a hand won by player A for X points scored in the Hollywood tally
;   (GK_HollywoodHand: the games it enters and scores in, the games it ends).  Used by
;   HollyHand and by the Score Sheet playing the log again.  Clobbers A, X, Y.
;   Cost: about 500 cycles.
HollyScore
        STA     HollyBlock+Holly.winner
        STX     HollyBlock+Holly.points
        JSL     GK_HollywoodHand
        RTS

; DefenceAsIs — DefDw := the defender's deadwood with nothing laid off (GK_Deadwood of
;   DefHand).  Clobbers A, X, Y, DwHand.
DefenceAsIs
        LDX     #Hand.Size-2
@copy   LDA     DefHand,X
        STA     DwHand,X
        DEX
        DEX
        BPL     @copy
        JSL     GK_Deadwood
        STA     DefDw
        RTS

; KnockerMelds — the knocker's (player Turn) canonical melds and deadwood (GK_Canon):
;   KnockDw, KMeldN, KHi/KLo; the other player's hand into DefHand; LaidOff cleared.
KnockerMelds
        JSR     KnockDeadwood           ; fills DwHand with the knocker's hand
        JSL     GK_Canon
        STA     KnockDw
        LDA     CnBestCount             ; keep the knocker's melds
        STA     KMeldN
        LDX     #2*4-2
@keep   LDA     CnBestHi,X
        STA     KHi,X
        LDA     CnBestLo,X
        STA     KLo,X
        DEX
        DEX
        BPL     @keep
        LDA     Turn                    ; the defender's hand -> DefHand
        EOR     #1
        LDY     #DefHand
        JSR     CopyHand
        STZ     LaidOff                 ; nothing laid off yet
        STZ     LaidOff+2
        STZ     LaidOff+4
        STZ     LaidOff+6
        RTS

; LayoffL — the lay-off search alone, for the tests (JSL, any B): player 0 knocks on
;   Hands, player 1 defends.  Out: KnockDw, DefDw, LaidOff.
LayoffL
        PHB
        PHK
        PLB
        REP     #$30
        STZ     Turn
        JSR     KnockerMelds
        JSR     BestDefence
        PLB
        RTL

; TellKnock — the two message lines at the end of a knocked hand.
TellKnock
        JSR     MsgClear
        LDA     Knocker
        JSR     MsgName
        LDA     ResKind
        CMP     #RES_GIN
        BNE     @knock
        Msg     ' goes gin! '
        BRA     @def
@knock  Msg     ' knocks with '
        LDA     KnockDw
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     '. '
@def    LDA     Knocker
        EOR     #1
        JSR     MsgName
        Msg     ' has '
        LDA     DefDw
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     ' of deadwood.'
        JSR     MsgToLine1
        JSR     MsgClear
        LDA     ResWinner
        JSR     MsgName
        Msg     ' scores '
        LDA     ResPoints
        JSR     MsgNum
        LDA     ResKind
        CMP     #RES_UNDERCUT
        BNE     @plain
        Msg     ' for the undercut'
@plain  Msg     '. Click to continue.'
        JSR     MsgToLine2
        RTS

; Wall — two cards left in the stock: the hand is a tie; the same dealer deals again.
Wall
        LDA     #RES_WALL
        STA     ResKind
        STZ     ResWinner               ; (the log's tie: no points)
        STZ     ResPoints
        JSR     LogHand
        INC     Walls
        LDA     #PH_HANDOVER
        STA     GPhase
        JSR     MsgClear
        Msg     'The hand is a tie: only two cards are left in the stock.'
        JSR     MsgToLine1
        JSR     MsgClear
        Msg     'Click to continue.'
        JSR     MsgToLine2
        RTS

; ------------------------------------------------------------------------------------
; BestDefence — the defender's deadwood after laying off (docs/rules.md): the minimum
;   over every legal set of lay-offs onto the knocker's melds (a set's missing fourth
;   card; cards extending a run at either end, chains included) of the deadwood of the
;   cards left (GK_Deadwood); ties: fewer cards laid off.
;   In: DefHand, KHi/KLo/KMeldN.  Out: DefDw, LaidOff; DwCalls = GK_Deadwood calls.
;   Notes: a legal set of lay-offs is, for each "arm" (Arms), a first part of it: so
;   the search runs an odometer over the arms (ArmPick[i] = 0 .. ArmLen[i]) instead of
;   over every subset of the candidate cards (2^n, each checked for legality). The
;   product of (ArmLen + 1) is the number of combinations: 324 for the most crowded
;   hand of tests/app/test_app_layoff.py (ten cards in six arms), where the subsets
;   were 1,024. Once the deadwood is 0, a combination laying off as many cards as the
;   best cannot win and GK_Deadwood is not called (DwCalls counts the calls).
;   Cost: about 1,700 cycles a combination (GK_Deadwood included): 555,000 cycles for
;   that hand, 2,747,000 with the subsets; at most 50,000 for the random knocks.
; ------------------------------------------------------------------------------------
BestDefence
        JSR     Arms                    ; the arms of the knocker's melds
        LDA     #NO_DEADWOOD_YET
        STA     DefDw
        STA     BestCount
        STZ     DwCalls
        LDX     #2*MAX_ARMS-2           ; the odometer at 0: nothing laid off
@zero   STZ     ArmPick,X
        DEX
        DEX
        BPL     @zero
@combo  LDX     #Hand.Size-2            ; SubMask := the picked first parts of the arms
@sclr   STZ     SubMask,X
        DEX
        DEX
        BPL     @sclr
        STZ     SubCount
        LDY     #0
@arm    CPY     ArmN
        BCS     @built
        LDA     ArmPick,Y
        BEQ     @narm
        STA     ArmLeft
        LDA     ArmStart,Y
        STA     ArmAt
        PHY
@card   LDX     ArmAt
        LDA     ArmCard,X
        JSR     CardMaskBit             ; X = suit offset, A = bit (Y clobbered)
        BIT     SubMask,X               ; (two arms may reach the same card)
        BNE     @had
        ORA     SubMask,X
        STA     SubMask,X
        INC     SubCount
@had    INC     ArmAt
        INC     ArmAt
        DEC     ArmLeft
        BNE     @card
        PLY
@narm   INY
        INY
        BRA     @arm
@built  LDA     DefDw                   ; deadwood 0 already: only fewer cards can win
        BNE     @eval
        LDA     SubCount
        CMP     BestCount
        BCS     @next
@eval   LDX     #Hand.Size-2            ; DwHand := DefHand - SubMask
@left   LDA     SubMask,X
        EOR     #$FFFF
        AND     DefHand,X
        STA     DwHand,X
        DEX
        DEX
        BPL     @left
        INC     DwCalls
        JSL     GK_Deadwood
        CMP     DefDw
        BCC     @better
        BNE     @next
        LDA     SubCount                ; equal: fewer cards laid off
        CMP     BestCount
        BCS     @next
        LDA     DefDw
@better STA     DefDw
        LDA     SubCount
        STA     BestCount
        LDX     #Hand.Size-2
@best   LDA     SubMask,X
        STA     LaidOff,X
        DEX
        DEX
        BPL     @best
@next   LDY     #0                      ; the odometer turns: the first arm not at its
@turn   CPY     ArmN                    ;   end goes one card on, the ones before it
        BCS     @done                   ;   back to 0; all at their ends: done
        LDA     ArmPick,Y
        CMP     ArmLen,Y
        BCC     @step
        LDA     #0
        STA     ArmPick,Y
        INY
        INY
        BRA     @turn
@step   INC     A
        STA     ArmPick,Y
        BRL     @combo
@done   RTS

; Arms — the knocker's melds as arms: lists of the defender's cards in the order they
;   can be laid off. A set (three cards) has one arm, its missing card if held; a run
;   two, the cards below its lowest going down and above its highest going up, as far
;   as DefHand holds them in a row. An empty arm is dropped.
;   In: DefHand, KHi/KLo/KMeldN.  Out: ArmN (2 * arms), ArmStart/ArmLen (word each),
;   ArmCard (the cards, word each).  Clobbers A, X, Y.
Arms
        STZ     ArmN
        STZ     ArmCardN
        STZ     MeldI
@meld   LDA     MeldI
        CMP     KMeldN
        BCC     @one
        RTS
@one    JSR     ArmOpen
        LDX     MeldI
        LDA     KHi,X
        BPL     @run
        AND     #SUIT_MASK_ALL          ; a set: its rank; the missing suit by lo
        JSR     BitIndex
        STA     ArmRank
        LDX     MeldI
        LDA     KLo,X
        BEQ     @nextm                  ; four of a kind: nothing to add
        ASL     A
        TAX
        LDA     MissingSuit2-2,X        ; the missing suit's word offset
        LSR     A
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     ArmRank
        JSR     ArmAdd
        BRA     @nextm
@run    XBA                             ; suit = hi >> 13
        LSR     A
        LSR     A
        LSR     A
        LSR     A
        LSR     A
        AND     #3
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        STA     ArmSuitBase             ; suit * 13
        LDX     MeldI
        LDA     KLo,X
        EOR     #$FFFF
        AND     #SUIT_MASK_ALL
        STA     ReachRun
        JSR     BitIndex                ; the lowest rank
        STA     ArmRank
@down   DEC     ArmRank                 ; down: while held
        BMI     @updn
        LDA     ArmSuitBase
        CLC
        ADC     ArmRank
        JSR     ArmAdd
        BCS     @down
@updn   JSR     ArmClose                ; the up arm
        JSR     ArmOpen
        LDA     ReachRun
        JSR     HighBit
        JSR     BitIndex                ; the highest rank
        STA     ArmRank
@up     INC     ArmRank
        LDA     ArmRank
        CMP     #RANKS_PER_SUIT
        BCS     @nextm
        LDA     ArmSuitBase
        CLC
        ADC     ArmRank
        JSR     ArmAdd
        BCS     @up
@nextm  JSR     ArmClose
        INC     MeldI
        INC     MeldI
        BRL     @meld

; ArmOpen — a new arm starts at the end of ArmCard.
ArmOpen
        LDX     ArmN
        LDA     ArmCardN
        STA     ArmStart,X
        STZ     ArmLen,X
        RTS

; ArmAdd — card A onto the open arm when DefHand holds it (carry set), else carry clear.
ArmAdd
        STA     ArmTmp
        JSR     CardMaskBit
        AND     DefHand,X
        BEQ     @no
        LDX     ArmCardN
        LDA     ArmTmp
        STA     ArmCard,X
        INX
        INX
        STX     ArmCardN
        LDX     ArmN
        INC     ArmLen,X
        SEC
        RTS
@no     CLC
        RTS

; ArmClose — keep the open arm if it has cards.
ArmClose
        LDX     ArmN
        LDA     ArmLen,X
        BEQ     @out
        INX
        INX
        STX     ArmN
@out    RTS

; MissingSuit2 — the suit (as a word offset) missing from a set with lo key 1..4.
MissingSuit2
        DC.W    6,4,2,0                 ; spades, hearts, diamonds, clubs

; HighBit — A = the highest set bit of A alone (A <> 0).
HighBit
        STA     MulA
        LDA     #$8000
@find   BIT     MulA
        BNE     @done
        LSR     A
        BNE     @find
@done   RTS

; ------------------------------------------------------------------------------------
; NextHand — after a hand: the next deal, or at the end of the game the score sheet.
; ------------------------------------------------------------------------------------
NextHand
        LDA     GameEnded
        BEQ     @deal
        JSR     BuildSheet
        LDA     #PH_GAMEOVER
        STA     GPhase
        JSR     DiscardGame             ; files.asm: a finished game is not resumed
        JSR     GameFinished            ; files.asm: the tournament record
        JSR     StatsGameOver           ; stats.asm: the statistics on the disk
        JSR     ResumeEnds              ; files.asm: the player's rules back
        JSR     GameOverSound           ; sound.asm: the fanfare or the falling tune
        JSR     MsgClear
        Msg     'Game over. Choose New Game from the File menu to play again.'
        JSR     MsgToLine1
        JSR     MsgClear
        JSR     MsgToLine2
        JMP     Redraw
@deal   LDA     HandNum
        CMP     #200                    ; docs/rules.md: a game stops after 200 hands
        BCC     @more
        JMP     ClearGame
@more   JSR     StartHand
        JSR     MsgClear
        JSR     MsgToLine1
        JMP     AfterMove

; ------------------------------------------------------------------------------------
; BuildSheet — the final score sheet (docs/rules.md: box bonus 25 per hand won, game
;   bonus 100, a shutout doubles the winner's hand points and game bonus; the net is the
;   difference of the totals) and the game's statistics, into SheetLines.
; ------------------------------------------------------------------------------------
BuildSheet
        STZ     SheetN
        LDA     RulesBlock+RulesRec.scoring
        BEQ     @single
        JMP     HollySheet
@single LDA     GameWinner              ; the totals: GK_FinalScore under RulesBlock
        STA     GameEndBlock+GameEnd.winner
        LDX     #2
@in     LDA     Score,X
        STA     GameEndBlock+GameEnd.handPoints,X
        LDA     Won,X
        STA     GameEndBlock+GameEnd.boxes,X
        STA     SheetWon,X              ; (SheetBox's)
        DEX
        DEX
        BPL     @in
        JSL     GK_FinalScore
        LDA     GameEndBlock+GameEnd.shutout
        STA     Shutout
        LDX     #2
@out    LDA     GameEndBlock+GameEnd.totals,X
        STA     Total,X
        DEX
        DEX
        BPL     @out
        JSR     MsgClear
        Msg     'Final score sheet'
        JSR     SheetAdd
        LDA     #0
        JSR     SheetPlayer
        LDA     #1
        JSR     SheetPlayer
        LDA     Shutout
        BNE     @shut
        JMP     @net
@shut   JSR     MsgClear
        JSR     ShutoutDoubles
        BNE     @blitz
        Msg     'Shutout: the winner''s hand points and game bonus are doubled.'
        BRA     @said
@blitz  Msg     'Shutout: the winner gets '
        LDA     RulesBlock+RulesRec.shutout
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     ' more.'
@said   JSR     SheetAdd
@net    JSR     MsgClear
        LDA     GameWinner
        JSR     MsgName
        Msg     ' wins the game by '
        LDA     GameWinner
        ASL     A
        TAX
        EOR     #2
        TAY
        LDA     Total,X
        SEC
        SBC     Total,Y
        STA     NetScore
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     '.'
        JSR     SheetAdd
SheetEnd
        LDA     #0
        JSR     SheetStats
        LDA     #1
        JSR     SheetStats
        JSR     MsgClear
        Msg     'Hands played: '
        LDA     HandNum
        JSR     MsgNum
        Msg     ', ties: '
        LDA     Walls
        JSR     MsgNum
        Msg     '.'
        JSR     SheetAdd
        RTS

; HollySheet — the Hollywood match's score sheet: each game's totals (GK_FinalScore of
;   its scores and boxes), the match totals and net (GK_HollywoodMatch), then the
;   statistics as BuildSheet's.  Out: GameWinner, Total, NetScore, SheetLines.
HollySheet
        JSL     GK_HollywoodMatch
        LDA     HollyBlock+Holly.matchWinner
        STA     GameWinner
        LDA     HollyBlock+Holly.net
        STA     NetScore
        LDA     HollyBlock+Holly.totals
        STA     Total
        LDA     HollyBlock+Holly.totals+2
        STA     Total+2
        JSR     MsgClear
        Msg     'Final score sheet: Hollywood, three games'
        JSR     SheetAdd
        STZ     SheetP                  ; each game's line
@game   LDA     SheetP
        JSR     HollyGameLine
        JSR     SheetAdd
        INC     SheetP
        LDA     SheetP
        CMP     #HOLLYWOOD_GAMES
        BCC     @game
        JSR     MsgClear                ; the match
        Msg     'Match:'
        LDA     #0
        JSR     @match
        Msg     ','
        LDA     #1
        JSR     @match
        JSR     SheetAdd
        JSR     MsgClear
        LDA     GameWinner
        JSR     MsgName
        Msg     ' wins the match by '
        LDA     NetScore
        LDX     #NounPoint
        JSR     MsgQuantity
        Msg     '.'
        JSR     SheetAdd
        JMP     SheetEnd
@match  JSR     MsgSpacedName           ; " <name> total" of the match
        ASL     A
        TAX
        LDA     Total,X
        JMP     MsgNum

; HollyGameLine — Build := "Game g: <name> N + box B + game G = T, <name> N + box B = T
;   (<name> wins)" of the Hollywood game A (one that is over), its sheet as the single
;   game's (GK_FinalScore of its scores and boxes): each player's hand points, box bonus
;   (none said under BOX_OFF), the winner's game bonus, a shutout's doubling
;   "(N + game G) x 2 + box B = T" or its points "+ shutout S", and the total.  Used by
;   the final sheet (HollySheet) and by the Score Sheet during the match.
;   Out: SheetP = A, GameEndBlock = the game's sheet.  Clobbers A, X, Y, HgP, SheetWon.
;   Cost: GK_FinalScore's and about 60 cycles a byte of the line.
HollyGameLine
        STA     SheetP
        JSR     MsgClear
        Msg     'Game '
        LDA     SheetP
        INC     A
        JSR     MsgNum
        Msg     ':'
        LDA     SheetP                  ; GameEndBlock := the game's sheet
        ASL     A
        TAX
        LDA     HollyBlock+Holly.winners,X
        STA     GameEndBlock+GameEnd.winner
        TXA
        ASL     A
        TAX
        LDY     #0
@in     LDA     HollyBlock+Holly.scores,X
        STA     GameEndBlock+GameEnd.handPoints,Y
        LDA     HollyBlock+Holly.boxes,X
        STA     GameEndBlock+GameEnd.boxes,Y
        STA     SheetWon,Y              ; (BoxOf's)
        INX
        INX
        INY
        INY
        CPY     #4
        BCC     @in
        JSL     GK_FinalScore
        LDA     #0
        JSR     @player
        Msg     ','
        LDA     #1
        JSR     @player
        Msg     ' ('
        LDA     GameEndBlock+GameEnd.winner
        JSR     MsgName
        Msg     ' wins)'
        RTS
@player JSR     MsgSpacedName           ; " <name> " then the sum of this game
        STA     HgP
        CMP     GameEndBlock+GameEnd.winner
        BNE     @points                 ; the winner of a shutout that doubles:
        LDA     GameEndBlock+GameEnd.shutout ;   "(N + game G) x 2"
        BEQ     @points
        JSR     ShutoutDoubles
        BNE     @points
        Msg     '('
        JSR     @hand
        JSR     @game
        Msg     ') x 2'
        JSR     @box
        BRA     @total
@points JSR     @hand                   ; else "N + box B[ + game G][ + shutout S]"
        JSR     @box
        LDA     HgP
        CMP     GameEndBlock+GameEnd.winner
        BNE     @total
        JSR     @game
        LDA     GameEndBlock+GameEnd.shutout
        BEQ     @total
        Msg     ' + shutout '
        LDA     RulesBlock+RulesRec.shutout
        JSR     MsgNum
@total  Msg     ' = '
        LDA     HgP
        ASL     A
        TAX
        LDA     GameEndBlock+GameEnd.totals,X
        JMP     MsgNum
@hand   LDA     HgP                     ; his hand points
        ASL     A
        TAX
        LDA     GameEndBlock+GameEnd.handPoints,X
        JMP     MsgNum
@game   Msg     ' + game '              ; the game bonus
        LDA     RulesBlock+RulesRec.gameBonus
        JMP     MsgNum
@box    LDA     RulesBlock+RulesRec.box ; " + box B" (none under BOX_OFF)
        CMP     #BOX_OFF
        BEQ     @nobox
        Msg     ' + box '
        LDA     HgP
        ASL     A
        TAX
        JSR     BoxOf
        JMP     MsgNum
@nobox  RTS
HgP             DC.W    0               ; the player whose sum is said

; MsgSpacedName — " <name> " for player A onto the message.  Out: A kept.
MsgSpacedName
        PHA
        LDA     #' '
        JSR     MsgChar
        LDA     1,S
        JSR     MsgName
        Msg     ' '
        PLA
        RTS

; SheetPlayer — "<name>: hand points N, box bonus B (H hands)[, game bonus 100],
;   total T" for player A; a shutout winner's total shows the doubling:
;   "total (N + 100) x 2 + B = T".
SheetPlayer
        STA     SheetP
        JSR     MsgClear
        LDA     SheetP
        JSR     MsgName
        Msg     ': hand points '
        LDA     SheetP
        ASL     A
        TAX
        LDA     Score,X
        JSR     MsgNum
        Msg     ', box bonus '
        JSR     SheetBox
        JSR     MsgNum
        Msg     ' ('
        LDA     SheetP
        ASL     A
        TAX
        LDA     Won,X
        LDX     #NounHand
        JSR     MsgQuantity
        Msg     ')'
        LDA     SheetP
        CMP     GameWinner
        BNE     @total
        Msg     ', game bonus '
        LDA     RulesBlock+RulesRec.gameBonus
        JSR     MsgNum
        LDA     Shutout                 ; the doubling as arithmetic
        BEQ     @total
        JSR     ShutoutDoubles
        BNE     @total
        Msg     ', total ('
        LDA     SheetP
        ASL     A
        TAX
        LDA     Score,X
        JSR     MsgNum
        Msg     ' + '
        LDA     RulesBlock+RulesRec.gameBonus
        JSR     MsgNum
        Msg     ') x 2 + '
        JSR     SheetBox
        JSR     MsgNum
        Msg     ' = '
        BRA     @sum
@total  Msg     ', total '
@sum    LDA     SheetP
        ASL     A
        TAX
        LDA     Total,X
        JSR     MsgNum
        JMP     SheetAdd

; MsgPlural — append "s" unless A = 1 ("1 hand", "2 hands").
MsgPlural
        CMP     #1
        BEQ     @one
        LDA     #'s'
        JMP     MsgChar
@one    RTS
PluralN         DC.W    0               ; the count MsgPlural is given
SheetWon        DC.W    0,0             ; each player's hands won, as SheetBox counts them

; SheetStats — "<name> won N by knocking, G by gin, U by undercut" for player A.
SheetStats
        STA     SheetP
        JSR     MsgClear
        LDA     SheetP
        JSR     MsgName
        Msg     ' won '
        LDA     SheetP
        ASL     A
        TAX
        LDA     WinsByKind+4*RES_KNOCK,X
        JSR     MsgNum
        Msg     ' by knocking, '
        LDA     SheetP
        ASL     A
        TAX
        LDA     WinsByKind+4*RES_GIN,X
        JSR     MsgNum
        Msg     ' by gin, '
        LDA     SheetP
        ASL     A
        TAX
        LDA     WinsByKind+4*RES_UNDERCUT,X
        JSR     MsgNum
        Msg     ' by undercut.'
        JMP     SheetAdd

; SheetBox — A := player SheetP's box bonus under RulesBlock (the hands won: SheetWon).
; BoxOf — A := player X / 2's: hands won x boxBonus (the manual), the lead in hands won
;   x boxBonus (BOX_DIFFERENCE), or 0 (BOX_OFF).  In: SheetWon (each player's hands
;   won: the game's, or a Hollywood game's).  Clobbers X, Y.
SheetBox
        LDA     SheetP
        ASL     A
        TAX
BoxOf
        LDA     RulesBlock+RulesRec.box
        CMP     #BOX_OFF
        BEQ     @none
        LDA     SheetWon,X
        LDY     RulesBlock+RulesRec.box
        BEQ     @mul
        TXA                             ; BOX_DIFFERENCE: less the other's
        EOR     #2
        TAY
        LDA     SheetWon,X
        SEC
        SBC     SheetWon,Y
        BCS     @mul
@none   LDA     #0
        RTS
@mul    LDX     RulesBlock+RulesRec.boxBonus
        JMP     Mul

; ShutoutDoubles — Z set when a shutout doubles (the manual), clear when it adds points.
ShutoutDoubles
        LDA     RulesBlock+RulesRec.shutout
        CMP     #SHUTOUT_DOUBLE
        RTS

; SheetAdd — Build becomes the next line of the score sheet.
SheetAdd
        LDA     SheetN
        CMP     #2*SHEET_ROWS
        BCS     @out
        ASL     A                       ; line * SHEET_WIDTH (128)
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        ASL     A
        CLC
        ADC     #SheetLines
        TAX
        JSR     MsgCopy                 ; Build -> the line
        INC     SheetN
        INC     SheetN
@out    RTS
