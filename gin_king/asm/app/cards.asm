; cards.asm — User Supplied Cards (the entry dialog and its parser) and Show Cards.
; Included into main.asm.
;
; User Supplied Cards follows docs/rules.md "Shuffle modes" exactly as the oracle does
; (gin_king/oracle/entry.py, dealing.py UserSuppliedDecks): four entries per hand (the
; non-dealer's ten, the dealer's ten, the upcard, the stock); a card already taken
; becomes the closest free one; the slots an entry leaves open are dealt at random, each
; taking remaining[below(count)] of the free cards in ascending order.

ENTRY_MAX       EQU     60              ; longest entry typed
ENTRY_EDIT      EQU     3               ; the entry dialog's edit line
NO_SUIT         EQU     $FFFF

; ------------------------------------------------------------------------------------
; UserDeck — Deck := the cards the user supplies for this hand, section by section.
; ------------------------------------------------------------------------------------
UserDeck
        LDX     #Hand.Size-2            ; nothing taken yet
@clr    STZ     TakenMask,X
        DEX
        DEX
        BPL     @clr
        STZ     UdSection
@section
        LDA     UdSection
        ASL     A
        TAX
        LDA     SectionFirst,X          ; slots: first, step, count
        STA     UdSlot
        LDA     SectionStep,X
        STA     UdStep
        LDA     SectionCount,X
        STA     EntryLimit
        JSR     AskEntry                ; ReqRank/ReqSuit, ReqN (parsed, within limit)
        STZ     UdI
@fill   LDA     UdI                     ; each slot: an entered card or a random one
        CMP     EntryLimit
        BCS     @next
        CMP     ReqN
        BCS     @random
        ASL     A
        TAX
        LDA     ReqRank,X
        STA     UdRank
        LDA     ReqSuit,X
        STA     UdSuit
        JSR     ClosestFree
        BRA     @place
@random JSR     RandomFree
@place  LDX     UdSlot
        SEP     #$20
        LONGA   OFF
        STA     Deck,X
        REP     #$20
        LONGA   ON
        JSR     CardMaskBit             ; taken |= the card
        ORA     TakenMask,X
        STA     TakenMask,X
        LDA     UdSlot
        CLC
        ADC     UdStep
        STA     UdSlot
        INC     UdI
        BRA     @fill
@next   INC     UdSection
        LDA     UdSection
        CMP     #SECTIONS
        BCC     @section
        RTS

SectionFirst    DC.W    0,1,2*HAND_SIZE,2*HAND_SIZE+1
SectionStep     DC.W    2,2,1,1
SectionCount    DC.W    HAND_SIZE,HAND_SIZE,1,CARDS_IN_DECK-2*HAND_SIZE-1
SECTIONS        EQU     4

; ------------------------------------------------------------------------------------
; ClosestFree — A := the card (UdRank, UdSuit) or the closest free one: the same rank
;   (the asked suit, then clubs to spades), then ranks one away (lower first), two away.
; ------------------------------------------------------------------------------------
ClosestFree
        STZ     UdDist
@dist   LDA     UdRank                  ; the lower rank (or the rank itself at 0)
        SEC
        SBC     UdDist
        BMI     @upper
        JSR     FreeOfRank
        BCS     @found
@upper  LDA     UdDist
        BEQ     @more
        LDA     UdRank
        CLC
        ADC     UdDist
        CMP     #RANKS_PER_SUIT
        BCS     @more
        JSR     FreeOfRank
        BCS     @found
@more   INC     UdDist
        LDA     UdDist
        CMP     #RANKS_PER_SUIT
        BCC     @dist
        LDA     #0                      ; cannot happen: 52 slots, 52 cards
@found  RTS

; FreeOfRank — rank A: carry set and A = the asked suit's card, or the first free suit's.
FreeOfRank
        STA     UdTry
        LDA     UdSuit
        CMP     #SUITS
        BCS     @any
        JSR     TryCard
        BCS     @out
@any    LDA     #0
@suit   PHA
        JSR     TryCard
        PLX
        BCS     @out
        TXA
        INC     A
        CMP     #SUITS
        BCC     @suit
        CLC
@out    RTS

; TryCard — suit A, rank UdTry: carry set and A = the card when it is free.
TryCard
        LDX     #RANKS_PER_SUIT
        JSR     Mul
        CLC
        ADC     UdTry
        STA     UdCard
        JSR     CardMaskBit
        AND     TakenMask,X
        BNE     @no
        LDA     UdCard
        SEC
        RTS
@no     CLC
        RTS

; RandomFree — A := remaining[below(count)]: the free cards in ascending order.
RandomFree
        STZ     UdCount                 ; count the free cards
        STZ     UdCard
@count  LDA     UdCard
        JSR     CardMaskBit
        AND     TakenMask,X
        BNE     @c1
        INC     UdCount
@c1     INC     UdCard
        LDA     UdCard
        CMP     #CARDS_IN_DECK
        BCC     @count
        LDA     UdCount
        JSL     GK_Below
        STA     UdPick                  ; the pick-th free card
        STZ     UdCard
@find   LDA     UdCard
        JSR     CardMaskBit
        AND     TakenMask,X
        BNE     @f1
        LDA     UdPick
        BEQ     @got
        DEC     UdPick
@f1     INC     UdCard
        BRA     @find
@got    LDA     UdCard
        RTS

; ------------------------------------------------------------------------------------
; AskEntry — the entry dialog for section UdSection: a prompt, an edit line, OK. An
;   entry that does not parse (or holds too many cards) beeps and is asked again.
;   Out: ReqRank/ReqSuit/ReqN.
; ------------------------------------------------------------------------------------
AskEntry
        JSR     MsgClear                ; the prompt: "Enter <whose> <what> (up to N
        LDA     UdSection               ;   cards, e.g. AS 2H 10D):"
        CMP     #2
        BCS     @what
        Msg     'Enter the hand of '
        LDA     Dealer
        LDX     UdSection
        BNE     @name
        EOR     #1                      ; section 0: the non-dealer
@name   JSR     MsgName
        BRA     @count
@what   BNE     @stock
        Msg     'Enter the first upcard'
        BRA     @count
@stock  Msg     'Enter the stock, in drawing order'
@count  Msg     ' (up to '
        LDA     EntryLimit
        JSR     MsgNum
        Msg     ' cards, e.g. AS 2H 10D 5). Return deals the rest at random.'
        LDX     #0
@copy   LDA     Build,X
        STA     PromptStr,X
        INX
        INX
        CPX     #MSG_MAX+2
        BCC     @copy
        SEP     #$20
        LONGA   OFF
        STZ     EntryBuf                ; an empty entry to start with
        REP     #$20
        LONGA   ON
        PushLong PromptStr              ; ParamText(prompt, nil, nil, nil)
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _ParamText
        LDA     #UeBounds
        STA     DlgBounds
        LDA     #UeItems
        STA     DlgItemList
        LDA     #UE_ITEMS*2
        STA     DlgItemN
        STZ     DlgGroupN
        JSR     OpenDlg
        PushVarLong DlgPtr              ; NewDItem(dlg, 3, @rect, editLine, @EntryBuf,
        PEA     ENTRY_EDIT              ;   ENTRY_MAX, 0, nil)
        PushLong EntryRect
        PEA     $0011
        PushLong EntryBuf
        PEA     ENTRY_MAX
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _NewDItem
@loop   JSR     DlgLoop
        PushVarLong DlgPtr              ; GetIText(dlg, 3, @EntryBuf)
        PEA     ENTRY_EDIT
        PushLong EntryBuf
        _GetIText
        JSR     ParseEntry
        BCC     @done
        INC     EntryRejects            ; unreadable: beep, select it, ask again
        _SysBeep
        PushVarLong DlgPtr              ; SelectIText(dlg, 3, 0, ENTRY_MAX)
        PEA     ENTRY_EDIT
        PEA     $0000
        PEA     ENTRY_MAX
        _SelectIText
        BRA     @loop
@done   JMP     CloseDlg

; ------------------------------------------------------------------------------------
; ParseEntry — read EntryBuf (a Pascal string) as at most EntryLimit cards: a rank
;   A 2..9 10 J Q K (T also ten), an optional suit C D H S (or the font's suit codes
;   $01-$04) right after it, separated by spaces, commas or nothing, either case.
;   Out: carry clear and ReqN, ReqRank[], ReqSuit[] (NO_SUIT when not given); carry set
;   when the entry cannot be read or holds too many cards.
;   Notes: absolute addressing only (B = K); ParseEntryL is its JSL entry for the tests.
; ------------------------------------------------------------------------------------
ParseEntryL
        PHB
        PHK
        PLB
        REP     #$30
        JSR     ParseEntry
        PLB
        RTL

ParseEntry
        STZ     ReqN
        LDA     EntryBuf
        AND     #$00FF
        STA     PeEnd
        LDX     #1                      ; X = position in EntryBuf
        JSR     SkipSeparators
@item   CPX     PeEnd
        BEQ     @more
        BCC     @more
        CLC                             ; all read
        RTS
@more   JSR     EntryChar
        CMP     #'1'                    ; "10"
        BNE     @digit
        INX
        CPX     PeEnd
        BEQ     @zero
        BCC     @zero
        SEC                             ; "1" at the end
        RTS
@zero   JSR     EntryChar
        CMP     #'0'
        BEQ     @ten
        SEC                             ; "1" without its "0"
        RTS
@ten    LDA     #9
        BRA     @rank
@digit  CMP     #'2'
        BCC     @letter
        CMP     #'9'+1
        BCS     @letter
        SEC
        SBC     #'1'                    ; '2' -> rank 1
        BRA     @rank
@letter AND     #$00DF                  ; upper case
        STA     PeChar
        LDY     #RANK_LETTERS-1
@find   LDA     RankLetters,Y
        AND     #$00FF
        CMP     PeChar
        BEQ     @lrank
        DEY
        BPL     @find
        BRA     @bad
@lrank  LDA     RankOfLetter,Y
        AND     #$00FF
@rank   LDY     ReqN                    ; a card: too many?
        CPY     EntryLimit
        BCS     @bad
        PHA
        TYA
        ASL     A
        TAY
        PLA
        STA     ReqRank,Y
        LDA     #NO_SUIT
        STA     ReqSuit,Y
        INC     ReqN
        INX                             ; an optional suit right after
        CPX     PeEnd
        BEQ     @suit
        BCS     @sep
@suit   JSR     EntryChar
        CMP     #SUITS+1                ; a suit code $01-$04
        BCS     @sletter
        CMP     #1
        BCC     @sep
        DEC     A
        BRA     @gotsuit
@sletter AND    #$00DF
        STA     PeChar
        PHY
        LDY     #SUITS-1
@sfind  LDA     SuitLetters,Y
        AND     #$00FF
        CMP     PeChar
        BEQ     @sl
        DEY
        BPL     @sfind
        PLY
        BRA     @sep
@sl     TYA
        PLY
@gotsuit STA    ReqSuit,Y
        INX
@sep    JSR     SkipSeparators
        BRL     @item
@ok     CLC
        RTS
@bad    SEC
        RTS

; EntryChar — A = the byte at EntryBuf,X.
EntryChar
        LDA     EntryBuf,X
        AND     #$00FF
        RTS

; SkipSeparators — X past spaces, commas and tabs.
SkipSeparators
@next   CPX     PeEnd
        BEQ     @look
        BCS     @out
@look   JSR     EntryChar
        CMP     #' '
        BEQ     @skip
        CMP     #','
        BEQ     @skip
        CMP     #9
        BNE     @out
@skip   INX
        BRA     @next
@out    RTS

RankLetters     DC.B    'ATJQK'
RANK_LETTERS    EQU     *-RankLetters
RankOfLetter    DC.B    0,9,10,11,12
SuitLetters     DC.B    'CDHS'

; ------------------------------------------------------------------------------------
; DoShowCards — Options/Show Cards: three rows: the discard pile, the cards the
;   opponent has picked up from it, the cards the player has picked up. When the pile is
;   too long for a row, the cards not yet seen (by player 0) instead of the pile.
; ------------------------------------------------------------------------------------
SHOW_PILE_MAX   EQU     16

DoShowCards
        JSR     InGame
        BCC     @no
        LDA     SetTournament
        BEQ     @show
@no     JMP     Beep
@show   STZ     AdvLen
        LDA     PileLen
        CMP     #SHOW_PILE_MAX+1
        BCS     @unseen
        JSR     MsgClear
        Msg     'Discard pile:'
        JSR     AdvAppendBuild
        STZ     DealI
@pile   LDA     DealI
        CMP     PileLen
        BCS     @took
        TAX
        LDA     Pile,X
        AND     #$00FF
        JSR     AdvCard
        INC     DealI
        BRA     @pile
@unseen JSR     MsgClear                ; not in the hand, the pile, or known picked up
        Msg     'Cards not yet seen:'
        JSR     AdvAppendBuild
        LDX     #Hand.Size-2            ; ShowMask := player 0's hand + pile + known
@seen   LDA     Hands,X
        STA     ShowMask,X
        DEX
        DEX
        BPL     @seen
        JSR     PileMask
        LDX     #Hand.Size-2
@seen2  LDA     ShowMask,X
        ORA     PileBits,X
        STA     ShowMask,X
        LDA     Took+Hand.Size,X        ; what the opponent took and still holds
        AND     Hands+Hand.Size,X
        ORA     ShowMask,X
        STA     ShowMask,X
        DEX
        DEX
        BPL     @seen2
        STZ     DealI
@us     LDA     DealI
        JSR     CardMaskBit
        AND     ShowMask,X
        BNE     @us1
        LDA     DealI
        JSR     AdvCard
@us1    INC     DealI
        LDA     DealI
        CMP     #CARDS_IN_DECK
        BCC     @us
@took   JSR     MsgClear                ; row 2: the opponent's picks
        LDA     #13
        JSR     MsgChar
        LDA     #1
        JSR     MsgName
        Msg     ' picked up:'
        JSR     AdvAppendBuild
        LDA     #Hand.Size
        JSR     AdvTook
        JSR     MsgClear                ; row 3: the player's
        LDA     #13
        JSR     MsgChar
        LDA     #0
        JSR     MsgName
        Msg     ' picked up:'
        JSR     AdvAppendBuild
        LDA     #0
        JSR     AdvTook
        JMP     ShowAdvText

; AdvTook — append the cards of Took at offset A (a player's Hand), ascending.
AdvTook
        STA     ShowOff
        STZ     DealI
@card   LDA     DealI
        JSR     CardMaskBit
        PHA
        TXA
        CLC
        ADC     ShowOff
        TAX
        PLA
        AND     Took,X
        BEQ     @next
        LDA     DealI
        JSR     AdvCard
@next   INC     DealI
        LDA     DealI
        CMP     #CARDS_IN_DECK
        BCC     @card
        RTS

; AdvCard — append " <card>" to AdvText.
AdvCard
        PHA
        JSR     MsgClear
        LDA     #' '
        JSR     MsgChar
        PLA
        JSR     MsgCard
        JMP     AdvAppendBuild

; PileMask — PileBits := the pile's cards as a Hand.
PileMask
        LDX     #Hand.Size-2
@clr    STZ     PileBits,X
        DEX
        DEX
        BPL     @clr
        STZ     ShowI
@card   LDA     ShowI
        CMP     PileLen
        BCS     @out
        TAX
        LDA     Pile,X
        AND     #$00FF
        JSR     CardMaskBit
        ORA     PileBits,X
        STA     PileBits,X
        INC     ShowI
        BRA     @card
@out    RTS

; ShowAdvText — AdvText in the text alert.
ShowAdvText
        JSR     AdvSplit
        PushLong AdvPart0
        PushLong AdvPart1
        PushLong AdvPart2
        PEA     $0000
        PEA     $0000
        _ParamText
        PHA
        PushLong AdviceAlert
        PEA     $0000
        PEA     $0000
        _NoteAlert
        PLA
        RTS

; ---- the entry dialog ---------------------------------------------------------------
UeBounds        DC.W    50,60,140,580
EntryRect       DC.W    44,16,56,500
UeItems         DC.W    UeOK,UePrompt
UE_ITEMS        EQU     (*-UeItems)/2
UeOK    DC.W    1,66,430,79,500,$0A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
UePrompt DC.W   2,6,16,40,500,$800F
        DC.L    ParamZero
        DC.W    0,0
        DC.L    0

        STRING  PASCAL
ParamZero       DC.B    '^0'
        STRING  ASIS

UdSection       DC.W    0
UdSlot          DC.W    0
UdStep          DC.W    0
UdI             DC.W    0
UdRank          DC.W    0
UdSuit          DC.W    0
UdDist          DC.W    0
UdTry           DC.W    0
UdCard          DC.W    0
UdCount         DC.W    0
UdPick          DC.W    0
EntryLimit      DC.W    0
EntryRejects    DC.W    0
PeEnd           DC.W    0
PeChar          DC.W    0
ReqN            DC.W    0
ReqRank         DS.W    CARDS_IN_DECK
ReqSuit         DS.W    CARDS_IN_DECK
TakenMask       DS.B    Hand.Size
ShowMask        DS.B    Hand.Size
PileBits        DS.B    Hand.Size
ShowOff         DC.W    0
ShowI           DC.W    0
PromptStr       DS.B    MSG_MAX+2
EntryBuf        DS.B    ENTRY_MAX+2
