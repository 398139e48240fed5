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
; UserDeck — Deck := the cards the user supplies for this hand: every section asked for
;   and its entered cards placed first, then the open slots dealt at random section by
;   section (a random card never takes one named in a later prompt).
; ------------------------------------------------------------------------------------
UD_OPEN         EQU     $FF             ; a slot not entered yet

UserDeck
        LDX     #Hand.Size-2            ; nothing taken yet
@clr    STZ     TakenMask,X
        DEX
        DEX
        BPL     @clr
        STZ     UdFill                  ; pass 0: the entries; pass 1: the random fill
@pass   STZ     UdSection
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
        LDA     UdFill
        BNE     @fillp
        JSR     AskEntry                ; ReqRank/ReqSuit, ReqN (parsed, within limit)
@fillp  STZ     UdI
@fill   LDA     UdI                     ; each slot: an entered card or a random one
        CMP     EntryLimit
        BCS     @next
        LDA     UdFill
        BNE     @rand
        LDA     UdI
        CMP     ReqN
        BCS     @open
        ASL     A
        TAX
        LDA     ReqRank,X
        STA     UdRank
        LDA     ReqSuit,X
        STA     UdSuit
        JSR     ClosestFree
        BRA     @place
@open   LDA     #UD_OPEN                ; left for the random fill
        BRA     @put
@rand   LDX     UdSlot                  ; pass 1: only the open slots
        LDA     Deck,X
        AND     #$00FF
        CMP     #UD_OPEN
        BNE     @step
        JSR     RandomFree
@place  PHA
        JSR     CardMaskBit             ; taken |= the card
        ORA     TakenMask,X
        STA     TakenMask,X
        PLA
@put    LDX     UdSlot
        SEP     #$20
        LONGA   OFF
        STA     Deck,X
        REP     #$20
        LONGA   ON
@step   LDA     UdSlot
        CLC
        ADC     UdStep
        STA     UdSlot
        INC     UdI
        BRA     @fill
@next   INC     UdSection
        LDA     UdSection
        CMP     #SECTIONS
        BCS     @passed
        BRL     @section
@passed INC     UdFill
        LDA     UdFill
        CMP     #2
        BCS     @done
        BRL     @pass
@done   RTS

UdFill          DC.W    0

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
@count  LDA     EntryLimit              ; "(1 card, e.g. ..." or "(up to N cards, ..."
        CMP     #1
        BNE     @upto
        Msg     ' (1 card, e.g. 4H). Return alone deals it at random.'
        BRA     @asked
@upto   Msg     ' (up to '
        LDA     EntryLimit
        JSR     MsgNum
        Msg     ' cards, e.g. AS 2H 10D 5). Return deals the rest at random.'
@asked
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
        JSR     Beep                    ; (silent with Options > Sound off)
        PushVarLong DlgPtr              ; SelIText(dlg, 3, 0, ENTRY_MAX)
        PEA     ENTRY_EDIT
        PEA     $0000
        PEA     ENTRY_MAX
        _SelIText
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
; DoShowCards — Options/Show Cards (F6): a window of three rows of cards drawn as on the
;   table: the discard pile (bottom card first); the cards the opponent (player 1) has
;   picked up from the pile; the cards the player (player 0) has picked up. When the pile
;   is longer than a row holds, the first row shows the cards player 0 has not yet seen
;   instead (not in his hand, not in the pile, not known to be in the opponent's hand),
;   and its title says so. OK, Return or Escape closes the window. Not in a tournament.
;   In: nothing.  Out: the table redrawn.  Clobbers A, X, Y, CardH/CardV, ShowI.
;   Notes: the manual's "Show Cards" (page 16); a row holds SHOW_ROW_MAX cards, each
;   SHOW_STEP pixels right of the last, overlapping so its rank and suit show.
; ------------------------------------------------------------------------------------
SHOW_ROW_MAX    EQU     25              ; cards in a row: 8 + 24 * 24 + 30 < 624
SHOW_STEP       EQU     24
SHOW_LEFT       EQU     8
SHOW_TOP        EQU     16              ; the first row's card tops (local)
SHOW_PITCH      EQU     50              ; one row to the next
SC_OK           EQU     1               ; item IDs of the window

DoShowCards
        JSR     InGame
        BCC     @no
        LDA     SetTournament
        BEQ     @show
@no     JMP     Beep
@show   JSR     MsgClear                ; the three titles: ^0, ^1, ^2
        LDA     PileLen
        CMP     #SHOW_ROW_MAX+1
        BCS     @long
        Msg     'Discard pile:'
        BRA     @t0
@long   Msg     'The discard pile is too long to show; the cards not yet seen:'
@t0     LDX     #ShowTitle0
        JSR     MsgCopy
        JSR     MsgClear
        LDA     #1
        JSR     MsgName
        Msg     ' picked up from the pile:'
        LDX     #ShowTitle1
        JSR     MsgCopy
        JSR     MsgClear
        LDA     #0
        JSR     MsgName
        Msg     ' picked up from the pile:'
        LDX     #ShowTitle2
        JSR     MsgCopy
        PushLong ShowTitle0             ; ParamText(t0, t1, t2, nil)
        PushLong ShowTitle1
        PushLong ShowTitle2
        PEA     $0000
        PEA     $0000
        _ParamText
        LDA     #ScBounds               ; the window and its items
        STA     DlgBounds
        LDA     #ScItems
        STA     DlgItemList
        LDA     #SC_ITEMS*2
        STA     DlgItemN
        STZ     DlgGroupN
        JSR     OpenDlg
        PushVarLong DlgPtr              ; DrawDialog(dlg): the titles and OK, now
        _DrawDialog
        PushVarLong DlgPtr              ; the cards go into the window's port
        _SetPort
        LDA     #SHOW_TOP               ; row 1: the pile, or the cards not yet seen
        JSR     ShowRow
        LDA     PileLen
        CMP     #SHOW_ROW_MAX+1
        BCS     @unseen
        STZ     ShowI
@pile   LDA     ShowI
        CMP     PileLen
        BCS     @took
        TAX
        LDA     Pile,X
        AND     #$00FF
        JSR     ShowCard
        INC     ShowI
        BRA     @pile
@unseen JSR     UnseenMask
        STZ     ShowI
@us     LDA     ShowI
        JSR     CardMaskBit
        AND     ShowMask,X
        BNE     @us1
        LDA     ShowI
        JSR     ShowCard
@us1    INC     ShowI
        LDA     ShowI
        CMP     #CARDS_IN_DECK
        BCC     @us
@took   LDA     #SHOW_TOP+SHOW_PITCH    ; row 2: the opponent's picks
        JSR     ShowRow
        LDA     #Hand.Size
        JSR     ShowTook
        LDA     #SHOW_TOP+2*SHOW_PITCH  ; row 3: the player's
        JSR     ShowRow
        LDA     #0
        JSR     ShowTook
@loop   PHA                             ; hit = ModalDialog(nil): OK, Return or Escape
        PEA     $0000
        PEA     $0000
        _ModalDialog
        PLA
        CMP     #SC_OK
        BEQ     @close
        CMP     #2
        BNE     @loop
@close  JSR     CloseDlg
        JMP     Redraw

; ShowRow — the next cards start a row: CardV := A, CardH := SHOW_LEFT.
ShowRow
        STA     CardV
        LDA     #SHOW_LEFT
        STA     CardH
        RTS

; ShowCard — draw card A at CardH/CardV (DrawCard), then CardH += SHOW_STEP.
ShowCard
        JSR     DrawCard
        LDA     CardH
        CLC
        ADC     #SHOW_STEP
        STA     CardH
        RTS

; ShowTook — draw the cards of Took at offset A (a player's Hand), ascending.
ShowTook
        STA     ShowOff
        STZ     ShowI
@card   LDA     ShowI
        JSR     CardMaskBit
        PHA
        TXA
        CLC
        ADC     ShowOff
        TAX
        PLA
        AND     Took,X
        BEQ     @next
        LDA     ShowI
        JSR     ShowCard
@next   INC     ShowI
        LDA     ShowI
        CMP     #CARDS_IN_DECK
        BCC     @card
        RTS

; UnseenMask — ShowMask := the cards player 0 has seen: his hand, the pile, and the
;   cards the opponent took from the pile and still holds.
UnseenMask
        JSR     PileMask
        LDX     #Hand.Size-2
@seen   LDA     Took+Hand.Size,X
        AND     Hands+Hand.Size,X
        ORA     Hands,X
        ORA     PileBits,X
        STA     ShowMask,X
        DEX
        DEX
        BPL     @seen
        RTS

; PileMask — PileBits := the pile's cards as a Hand.  Clobbers A, X, ShowI.
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

; ---- the Show Cards window ----------------------------------------------------------
ScBounds        DC.W    16,8,188,632
ScItems         DC.W    ScOK,ScTitle0,ScTitle1,ScTitle2,EscapeItem
SC_ITEMS        EQU     (*-ScItems)/2
ScOK    DC.W    SC_OK,154,540,167,610,$0A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
ScTitle0 DC.W   2,4,8,14,610,$800F
        DC.L    ParamZero
        DC.W    0,0
        DC.L    0
ScTitle1 DC.W   3,4+SHOW_PITCH,8,14+SHOW_PITCH,610,$800F
        DC.L    ParamOne
        DC.W    0,0
        DC.L    0
ScTitle2 DC.W   4,4+2*SHOW_PITCH,8,14+2*SHOW_PITCH,610,$800F
        DC.L    ParamTwo
        DC.W    0,0
        DC.L    0

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
ParamOne        DC.B    '^1'
ParamTwo        DC.B    '^2'
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
ShowTitle0      DS.B    MSG_MAX+2
ShowTitle1      DS.B    MSG_MAX+2
ShowTitle2      DS.B    MSG_MAX+2
ShowOff         DC.W    0
ShowI           DC.W    0
PromptStr       DS.B    MSG_MAX+2
EntryBuf        DS.B    ENTRY_MAX+2
