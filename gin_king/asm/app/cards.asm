; cards.asm — User Supplied Cards (the entry dialog) and Show Cards.
; Included into main.asm.
;
; User Supplied Cards follows docs/rules.md "Shuffle modes" exactly as the oracle does
; (gin_king/oracle/entry.py, dealing.py UserSuppliedDecks): at the deal three entries (the
; non-dealer's ten, the dealer's ten, the upcard), their open slots then dealt at random,
; each taking remaining[below(count)] of the free cards in ascending order; each stock
; card is asked for when it is drawn (StockCard). An entry is read and resolved by the
; engine (entry.asm: GK_ParseEntry, GK_ClosestCard): each card named is taken, or the
; closest available one when it is already taken or has no suit (the manual: "If you
; enter a card that has already been taken, the program will choose the closest
; available card").

EDIT_MAX        EQU     60              ; longest entry typed
ENTRY_EDIT      EQU     3               ; the entry dialog's edit line
ENTRY_UNREAD    EQU     $FFFF           ; GK_ParseEntry: the entry cannot be read
UD_OPEN         EQU     $FF             ; a Deck slot not decided yet (byte)
SECTIONS        EQU     3               ; entries at the deal: two hands, the upcard
STOCK_SECTION   EQU     3               ; AskEntry's prompt for a card drawn from the stock
DRAW_SECTION    EQU     4               ;   ... for a card drawn for deal (UdDrawer's)

; ------------------------------------------------------------------------------------
; UserDeck — Deck := this hand's deal as the user supplies it: each section asked for
;   and its cards placed, then the sections' open slots dealt at random in slot order
;   (a random card never takes one named in a later prompt); the stock slots stay
;   UD_OPEN, each decided as it is drawn (StockCard).
;   In: Dealer.  Out: Deck.  Clobbers A, X, Y, Ud*, Req*, EntryTaken.
; ------------------------------------------------------------------------------------
UserDeck
        LDX     #CARDS_IN_DECK-2        ; every slot open
        LDA     #UD_OPEN*$0101
@open   STA     Deck,X
        DEX
        DEX
        BPL     @open
        JSR     DeckTaken               ; nothing taken
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
        JSR     AskEntry                ; ReqN cards in ReqCard, already taken
@fillp  STZ     UdI
@fill   LDA     UdI                     ; each slot: an entered card or a random one
        CMP     EntryLimit
        BCS     @next
        LDX     UdFill
        BNE     @rand
        CMP     ReqN
        BCS     @step                   ; left open for the random fill
        ASL     A
        TAX
        LDA     ReqCard,X
        BRA     @put
@rand   LDX     UdSlot                  ; pass 1: only the open slots
        LDA     Deck,X
        AND     #$00FF
        CMP     #UD_OPEN
        BNE     @step
        JSR     RandomFree
        JSR     TakeCard
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
        BCC     @section
        INC     UdFill
        LDA     UdFill
        CMP     #2
        BCS     @done
        BRL     @pass
@done   RTS

UdFill          DC.W    0

SectionFirst    DC.W    0,1,2*HAND_SIZE
SectionStep     DC.W    2,2,1
SectionCount    DC.W    HAND_SIZE,HAND_SIZE,1

; ------------------------------------------------------------------------------------
; UserDraw — User Supplied Cards' draw for deal (the manual: the program asks "every time
;   [it] needs ... a card"): player 0's card, then player 1's, each asked for; Return
;   alone draws it at random as DrawForDeal does (below(52), then DrawSecond); the
;   first card taken, the second entered as it takes the closest available one.
;   Out: DrawCard0, DrawCard1; Deck all UD_OPEN but slot 0 (the deal sets it anew).
;   Clobbers A, X, Y, Ud*, Req*, EntryTaken.
; ------------------------------------------------------------------------------------
UserDraw
        LDX     #CARDS_IN_DECK-2        ; nothing placed (AskEntry's DeckTaken after
        LDA     #UD_OPEN*$0101          ;   a refusal finds only the first card)
@open   STA     Deck,X
        DEX
        DEX
        BPL     @open
        JSR     DeckTaken
        LDA     #DRAW_SECTION
        STA     UdSection
        LDA     #1
        STA     EntryLimit
        STZ     UdDrawer                ; player 0's card
        JSR     AskEntry
        LDA     ReqCard
        LDX     ReqN
        BNE     @first
        LDA     #CARDS_IN_DECK
        JSL     GK_Below
        JSR     TakeCard
@first  STA     DrawCard0
        SEP     #$20                    ; (Deck[0]: taken for a second asking)
        LONGA   OFF
        STA     Deck
        REP     #$20
        LONGA   ON
        INC     UdDrawer                ; player 1's card
        JSR     AskEntry
        LDA     ReqCard
        LDX     ReqN
        BEQ     @random
        STA     DrawCard1
        RTS
@random JMP     DrawSecond

UdDrawer        DC.W    0               ; the player drawing for deal (DRAW_SECTION)

; ------------------------------------------------------------------------------------
; StockCard — the stock's top card Deck[StockIdx] decided when it is still UD_OPEN:
;   asked for in User Supplied Cards (Return alone: a random free card), else a random
;   free card (a replayed User Supplied hand drawn further than it was); the hand's
;   record (GameDecks, by seat: the stock as it lies) gets it too.
;   In: StockIdx, Turn (the player drawing), HandNum (this hand's number + 1).
;   Out: Deck[StockIdx] a card.  Clobbers A, X, Y, Ud*, Req*, EntryTaken.
; ------------------------------------------------------------------------------------
StockCard
        LDX     StockIdx
        LDA     Deck,X
        AND     #$00FF
        CMP     #UD_OPEN
        BNE     @out
        JSR     DeckTaken
        LDA     SetShuffle
        CMP     #SHUF_USER
        BNE     @rand
        LDA     #STOCK_SECTION
        STA     UdSection
        LDA     #1
        STA     EntryLimit
        JSR     AskEntry
        LDA     ReqCard
        LDX     ReqN
        BNE     @put
@rand   JSR     RandomFree
@put    LDX     StockIdx                ; Deck[StockIdx] := the card
        SEP     #$20
        LONGA   OFF
        STA     Deck,X
        REP     #$20
        LONGA   ON
        LDA     HandNum                 ; and GameDecks[hand][StockIdx], when recorded
        DEC     A
        CMP     #MAX_HANDS
        BCS     @out
        LDX     #CARDS_IN_DECK
        JSR     Mul
        CLC
        ADC     StockIdx
        TAX
        LDY     StockIdx
        SEP     #$20
        LONGA   OFF
        LDA     Deck,Y
        STA     GameDecks,X
        REP     #$20
        LONGA   ON
@out    RTS

; DeckTaken — EntryTaken := the cards Deck has placed (its slots not UD_OPEN).
;   Clobbers A, X, Y, UdCard.  About 3,000 cycles.
DeckTaken
        LDX     #Hand.Size-2
@clr    STZ     EntryTaken,X
        DEX
        DEX
        BPL     @clr
        STZ     UdCard                  ; UdCard = the slot
@slot   LDX     UdCard
        LDA     Deck,X
        AND     #$00FF
        CMP     #UD_OPEN
        BEQ     @next
        JSR     TakeCard
@next   INC     UdCard
        LDA     UdCard
        CMP     #CARDS_IN_DECK
        BCC     @slot
        RTS

; TakeCard — EntryTaken += card A.  Out: A = the card.  Clobbers X, Y.
TakeCard
        PHA
        JSR     CardMaskBit
        ORA     EntryTaken,X
        STA     EntryTaken,X
        PLA
        RTS

; RandomFree — A := remaining[below(count)]: the free cards (not in EntryTaken) in
;   ascending order.  Clobbers X, Y, UdCount, UdPick, UdCard.
RandomFree
        STZ     UdCount                 ; count the free cards
        STZ     UdCard
@count  LDA     UdCard
        JSR     CardMaskBit
        AND     EntryTaken,X
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
        AND     EntryTaken,X
        BNE     @f1
        LDA     UdPick
        BEQ     @got
        DEC     UdPick
@f1     INC     UdCard
        BRA     @find
@got    LDA     UdCard
        RTS

; ------------------------------------------------------------------------------------
; AskEntry — the entry dialog: a prompt for section UdSection (0, 1: a hand; 2: the
;   first upcard; STOCK_SECTION: the card Turn draws from the stock; DRAW_SECTION: the
;   card UdDrawer draws for deal) taking up to
;   EntryLimit cards, an edit line, OK; asked again until the entry is read (GK_ParseEntry)
;   within the limit: otherwise a beep (Beep: silent with Sound off), and the dialog
;   again with the entry as typed and a line saying why. A card already taken, or a
;   rank alone, takes the closest available card (GK_ClosestCard), as the manual says.
;   In: UdSection, EntryLimit, EntryTaken (the cards placed), Dealer, Turn, UdDrawer.
;   Out: ReqN cards in ReqCard[], in order, each added to EntryTaken.
;   Clobbers A, X, Y, Build, PromptStr, WhyStr, EntryText, UdI.
; ------------------------------------------------------------------------------------
AskEntry
        SEP     #$20
        LONGA   OFF
        STZ     EntryText               ; an empty entry, no complaint yet
        STZ     WhyStr
        REP     #$20
        LONGA   ON
@ask    JSR     MsgClear                ; the prompt: "Enter <what> (1 card, e.g. 4H)..."
        LDA     UdSection               ;   or "(up to N cards, e.g. AS 2H 10D 5)..."
        CMP     #2
        BCS     @what
        Msg     'Enter the hand of '
        LDA     Dealer
        LDX     UdSection
        BNE     @name
        EOR     #1                      ; section 0: the non-dealer
@name   JSR     MsgName
        BRL     @count
@what   BNE     @stock
        Msg     'Enter the first upcard'
        BRL     @count
@stock  Msg     'Enter the card '
        LDA     UdSection
        CMP     #DRAW_SECTION
        BNE     @turn
        LDA     UdDrawer                ; the draw for deal
        JSR     MsgName
        Msg     ' draws for deal (1 card, e.g. 4H). Return alone draws it at random.'
        BRL     @asked
@turn   LDA     Turn
        JSR     MsgName
        Msg     ' draws from the stock'
@count  LDA     EntryLimit
        CMP     #1
        BNE     @upto
        Msg     ' (1 card, e.g. 4H). Return alone deals it at random.'
        BRA     @asked
@upto   Msg     ' (up to '
        LDA     EntryLimit
        LDX     #NounCard
        JSR     MsgQuantity
        Msg     ', e.g. AS 2H 10D 5). Return deals the rest at random.'
@asked  LDX     #PromptStr
        JSR     MsgCopy
        PushLong PromptStr              ; ParamText(prompt, why, nil, nil)
        PushLong WhyStr
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
        PushVarLong DlgPtr              ; NewDItem(dlg, 3, @rect, editLine, @EntryText,
        PEA     ENTRY_EDIT              ;   EDIT_MAX, 0, nil): the entry as typed
        PushLong EntryRect
        PEA     $0011
        PEA     GinKing>>16
        PEA     EntryText
        PEA     EDIT_MAX
        PEA     $0000
        PEA     $0000
        PEA     $0000
        _NewDItem
        PushVarLong DlgPtr              ; SelIText(dlg, 3, 0, EDIT_MAX): typing replaces it
        PEA     ENTRY_EDIT
        PEA     $0000
        PEA     EDIT_MAX
        _SelIText
        JSR     DlgLoop
        PushVarLong DlgPtr              ; GetIText(dlg, 3, @EntryText)
        PEA     ENTRY_EDIT
        PEA     GinKing>>16
        PEA     EntryText
        _GetIText
        JSR     CloseDlg
        LDA     #CARDS_IN_DECK          ; read it: how many cards, or unreadable
        JSL     GK_ParseEntry
        STA     ReqN
        CMP     #ENTRY_UNREAD
        BNE     @read
        JSR     MsgClear
        Msg     'Not understood. Cards are A 2..10 J Q K, each with C D H S or not.'
        BRL     @why
@read   CMP     EntryLimit
        BEQ     @fits
        BCC     @fits
        JSR     MsgClear
        Msg     'Too many cards: '
        LDA     EntryLimit
        JSR     MsgNum
        Msg     ' at most.'
        BRA     @why
@fits   STZ     UdI                     ; each card: the one named, or the closest free
@req    LDA     UdI
        CMP     ReqN
        BCS     @done
        ASL     A
        TAY
        LDX     EntrySuits,Y
        LDA     EntryRanks,Y
        JSL     GK_ClosestCard
        JSR     TakeCard
        PHA
        LDA     UdI
        ASL     A
        TAX
        PLA
        STA     ReqCard,X
        INC     UdI
        BRA     @req
@why    LDX     #WhyStr                 ; say why, take nothing, beep, ask again
        JSR     MsgCopy
        JSR     DeckTaken
        INC     EntryRejects
        JSR     Beep
        BRL     @ask
@done   RTS

; ------------------------------------------------------------------------------------
; DoShowCards — Options/Show Cards (F6): a window of three rows of cards drawn as on the
;   table: the discard pile (bottom card first); the cards the opponent (player 1) has
;   picked up from the pile; the cards the player (player 0) has picked up. When the pile
;   is longer than a row holds, the first row shows the cards player 0 has not yet seen
;   instead (not in his hand, not in the pile, not known to be in the opponent's hand),
;   and its title says so. OK, Return or Escape closes the window, and line 2 shows
;   the computer's move again (a notice on it gone: LineBack). Not in a tournament.
;   In: nothing.  Out: the table redrawn.  Clobbers A, X, Y, CardH/CardV, ShowI.
;   Notes: the manual's "Show Cards" (page 16); a row holds SHOW_ROW_MAX cards, each
;   SHOW_STEP pixels right of the last, overlapping so its rank and suit show.
; ------------------------------------------------------------------------------------
SHOW_ROW_MAX    EQU     25              ; cards in a row: 8 + 24 * 24 + 30 < 624
SHOW_STEP       EQU     24
SHOW_LEFT       EQU     8
SHOW_TOP        EQU     16              ; the first row's card tops (local)
SHOW_PITCH      EQU     50              ; one row to the next
SC_OK           EQU     1               ; item IDs of the window (2: Escape's
                                        ;   invisible Cancel; the titles 5, 3, 4)

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
        JSR     LineBack                ; line 2: the computer's move again (table.asm)
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
ScTitle0 DC.W   5,4,8,14,610,$800F   ; (not 2: the invisible Cancel's ID)
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
UeBounds        DC.W    50,60,166,580
EntryRect       DC.W    44,16,56,500
UeItems         DC.W    UeOK,UePrompt,UeWhy
UE_ITEMS        EQU     (*-UeItems)/2
UeOK    DC.W    1,92,430,105,500,$0A
        DC.L    OkStr
        DC.W    0,1
        DC.L    0
UePrompt DC.W   2,6,16,40,500,$800F
        DC.L    ParamZero
        DC.W    0,0
        DC.L    0
UeWhy   DC.W    4,62,16,86,500,$800F
        DC.L    ParamOne
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
UdCard          DC.W    0
UdCount         DC.W    0
UdPick          DC.W    0
EntryLimit      DC.W    0
EntryRejects    DC.W    0
ReqN            DC.W    0
ReqCard         DS.W    HAND_SIZE
ShowMask        DS.B    Hand.Size
PileBits        DS.B    Hand.Size
ShowTitle0      DS.B    MSG_MAX+2
ShowTitle1      DS.B    MSG_MAX+2
WhyStr          EQU     ShowTitle1      ; the entry dialog's "why asked again" line (^1)
ShowTitle2      DS.B    MSG_MAX+2
ShowOff         DC.W    0
ShowI           DC.W    0
PromptStr       DS.B    MSG_MAX+2
