; layoff.asm — the showdown after a knock: the knocker's melds, laying off, knock
; legality (manual, "Rules": "Knocking", "Scoring"; Glossary "Laying Off").
;   The defender's deadwood is the minimum over every valid set of cards laid off on the
;   knocker's melds (each card extends a run end, through a chain of laid-off cards, or
;   completes a three-card set), with his own best arrangement of the rest; ties keep
;   the fewest cards laid off, then the smaller card mask. No laying off on gin.
; House rules (RulesBlock; docs/rules.md "House rules"): no laying off at all (laying off
; or knocking off); laying off on a gin too; runs around the corner (the knocker's and
; defender's melds are Canon's cyclic ones, and a run is extended past the King to the
; ace and below the ace to the King, never round onto itself).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

SET_KEY         EQU     $8000
SUIT_SHIFT_KEY  EQU     13
MAX_MELDS       EQU     4

; ------------------------------------------------------------------------------------
; ShowdownData — the Showdown record and the knocker's melds.
; ------------------------------------------------------------------------------------
ShowdownData PROC EXPORT
        EXPORT  ShowBlock
        EXPORT  GameEndBlock
ShowBlock DS.B  Showdown.Size           ; IN/OUT of GK_Showdown
GameEndBlock DS.B GameEnd.Size          ; IN/OUT of GK_FinalScore (scoring.asm)
        ENDP

; ------------------------------------------------------------------------------------
; GK_Showdown — lay off and score a knock.  JSL, any M/X/DBR.
;   In:  ShowBlock.knocker, .defender, .multiplier; RulesBlock (laying off, on gin,
;        around the corner, the gin and undercut bonuses).
;   Out: ShowBlock.knockerDw, .laidOff, .defenderDw, .kind, .winner, .points.
;   Cost: Canon x (1 + valid subsets of the layable cards): typically 5,000-40,000.
; ------------------------------------------------------------------------------------
GK_Showdown PROC EXPORT
        IMPORT  LayOff,ScoreHand
        EngineEnter
        jsr     LayOff
        jsr     ScoreHand
        EngineLeave
        ENDP

; ------------------------------------------------------------------------------------
; LayOff — the knocker's canonical melds, then the defender's best lay-off.
;   In/Out: ShowBlock (see GK_Showdown; not the score).  Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
LayOff  PROC    EXPORT
        IMPORT  ShowBlock,CanonOf,CnBestCount,CnBestHi,CnBestLo,CountCards,CopyHand
        IMPORT  CardFlip,RulesBlock
        stz     LoWrapDown              ; runs end at the ace and the King, or
        stz     LoWrapUp                ; (around the corner) go on round them
        lda     RulesBlock+RulesRec.corner
        beq     @flat
        lda     #KING_BIT
        sta     LoWrapDown
        lda     #ACE_BIT
        sta     LoWrapUp
@flat   ldx     #ShowBlock+Showdown.knocker
        jsr     CanonOf
        sta     ShowBlock+Showdown.knockerDw
        ldx     CnBestCount             ; keep the knocker's melds
        stx     LoMeldCount
@keep   dex
        dex
        bmi     @kept
        lda     CnBestHi,x
        sta     LoHi,x
        lda     CnBestLo,x
        sta     LoLo,x
        bra     @keep
@kept   ldx     #Hand.Size-2            ; nothing laid off yet
@none   stz     ShowBlock+Showdown.laidOff,x
        dex
        dex
        bpl     @none
        ldx     #ShowBlock+Showdown.defender     ; the defender as he stands
        jsr     CanonOf
        sta     ShowBlock+Showdown.defenderDw
        lda     RulesBlock+RulesRec.layoffOff
        ora     RulesBlock+RulesRec.knockOff
        bne     @noLay                  ; house rules: no laying off at all
        lda     ShowBlock+Showdown.knockerDw
        ora     RulesBlock+RulesRec.layoffGin
        bne     @layable
@noLay  rts                             ; gin: no laying off (unless the rules allow it)
@layable jsr    Layable                 ; LoCards[0..LoCount-1], card order
        lda     LoCount
        bne     @search
        rts
@search stz     LoBestN                 ; the empty subset is the start: 0 cards laid
        lda     #1                      ; subsets 1 .. 2^k - 1
        sta     LoSubset
@subset jsr     SubsetMask              ; LoChosen = the subset's cards
        jsr     ValidLayOff
        bcc     @next
        ldx     #ShowBlock+Showdown.defender     ; the rest: defender less the subset
        ldy     #LoRest
        jsr     CopyHand
        ldx     #Hand.Size-2
@rest   lda     LoChosen,x
        eor     #$FFFF
        and     LoRest,x
        sta     LoRest,x
        dex
        dex
        bpl     @rest
        ldx     #LoRest
        jsr     CanonOf
        sta     LoDw
        ldx     #LoChosen
        jsr     CountCards
        sta     LoN
        lda     LoDw                    ; key (deadwood, cards laid, mask): smaller wins
        cmp     ShowBlock+Showdown.defenderDw
        bcc     @take
        bne     @next
        lda     LoN
        cmp     LoBestN
        bcc     @take
        bne     @next
        ldx     #Hand.Size-2            ; the mask, as one number: spades most significant
@mask   lda     LoChosen,x
        cmp     ShowBlock+Showdown.laidOff,x
        bcc     @take
        bne     @next
        dex
        dex
        bpl     @mask
        bra     @next
@take   lda     LoDw
        sta     ShowBlock+Showdown.defenderDw
        lda     LoN
        sta     LoBestN
        ldx     #LoChosen
        ldy     #ShowBlock+Showdown.laidOff
        jsr     CopyHand
@next   inc     LoSubset
        lda     LoSubset
        cmp     LoLimit
        bcs     @done
        jmp     @subset
@done   rts

; Layable — the defender's cards that could go on a knocker meld, alone or in a chain:
; below and above each run, and the missing card of each three-card set. Into LoMask,
; then listed in card order into LoCards; LoCount, LoLimit = 2^LoCount.
Layable ldx     #Hand.Size-2
@clear  stz     LoMask,x
        dex
        dex
        bpl     @clear
        ldy     #0                      ; y = 2 * meld
@meld   cpy     LoMeldCount
        bcc     @oneMeld
        jmp     @list
@oneMeld lda    LoHi,y
        bmi     @set
        jsr     RunEnds                 ; x = 2 * suit, LoLow, LoHigh = the bits past each end
        lda     ShowBlock+Showdown.defender,x
        sta     LoD
@down   lda     LoLow                   ; down: while the defender holds the next lower
        and     LoD
        beq     @up
        ora     LoMask,x
        sta     LoMask,x
        lda     LoLow
        jsr     Down1
        sta     LoLow
        bra     @down
@up     lda     LoHigh                  ; up: while he holds the next higher
        and     LoD
        beq     @nextMeld
        ora     LoMask,x
        sta     LoMask,x
        lda     LoHigh
        jsr     Up1
        sta     LoHigh
        bra     @up
@set    lda     LoLo,y                  ; a set: only a three-card one takes a card
        beq     @nextMeld
        asl     a
        tax
        lda     MissingSuit2,x          ; its missing suit
        tax
        lda     LoHi,y
        and     #SUIT_MASK_ALL          ; the rank bit
        and     ShowBlock+Showdown.defender,x
        ora     LoMask,x
        sta     LoMask,x
@nextMeld iny
        iny
        bra     @meld
@list   stz     LoCount                 ; list LoMask in card order
        ldx     #0                      ; x = 2 * suit
        ldy     #0                      ; y = 2 * cards listed
@lSuit  lda     LoMask,x
        sta     LoD
        lda     SuitBaseLo,x
        sta     LoCard
@lBit   lda     LoD
        beq     @lNextSuit
        lsr     a
        sta     LoD
        bcc     @lNextCard
        lda     LoCard
        sta     LoCards,y
        iny
        iny
@lNextCard inc  LoCard
        bra     @lBit
@lNextSuit inx
        inx
        cpx     #Hand.Size
        bcc     @lSuit
        tya
        lsr     a
        sta     LoCount
        tax
        lda     #1                      ; 2^count
@pow    dex
        bmi     @powDone
        asl     a
        bra     @pow
@powDone sta    LoLimit
        rts

; RunEnds — for run meld Y/2: X = 2 * suit, LoLow = the bit below its lowest card,
; LoHigh = the bit above its highest (0 past the suit's ends; around the corner the next
; rank round), LoRun = its cards.
RunEnds lda     LoHi,y
        xba
        lsr     a
        lsr     a
        lsr     a
        lsr     a
        and     #$0006
        tax
        lda     LoLo,y
        eor     #$FFFF
        and     #SUIT_MASK_ALL
        sta     LoRun
        jsr     Down1                   ; the run one rank down, less the run:
        sta     LoLow                   ;   the bit below it
        lda     LoRun
        trb     LoLow
        jsr     Up1                     ; one rank up, less the run: the bit above
        sta     LoHigh
        lda     LoRun
        trb     LoHigh
        rts

; Down1, Up1 — A = suit mask A moved one rank down / up: the ace's (King's) bit falls
; off, or around the corner comes back as the King (ace). Clobbers nothing else.
Down1   lsr     a
        bcc     @done
        ora     LoWrapDown
@done   rts
Up1     asl     a
        cmp     #KING_BIT*2
        bcc     @done
        and     #SUIT_MASK_ALL
        ora     LoWrapUp
@done   rts

; SubsetMask — LoChosen = the cards LoCards[i] with bit i of LoSubset.
SubsetMask ldx  #Hand.Size-2
@clear  stz     LoChosen,x
        dex
        dex
        bpl     @clear
        lda     LoSubset
        sta     LoBits
        ldy     #0
@bit    lsr     LoBits
        bcc     @skip
        phy
        lda     LoCards,y
        ldy     #LoChosen
        jsr     CardFlip
        ply
@skip   iny
        iny
        lda     LoBits
        bne     @bit
        rts

; ValidLayOff — carry set when every card of LoChosen is reachable: by a chain of
; chosen cards from a run end, or as the missing card of a three-card set.
ValidLayOff ldx #Hand.Size-2
@clear  stz     LoCovered,x
        dex
        dex
        bpl     @clear
        ldy     #0
@meld   cpy     LoMeldCount
        bcs     @compare
        lda     LoHi,y
        bmi     @set
        jsr     RunEnds
@down   lda     LoLow
        and     LoChosen,x
        beq     @up
        ora     LoCovered,x
        sta     LoCovered,x
        lda     LoLow
        jsr     Down1
        sta     LoLow
        bra     @down
@up     lda     LoHigh
        and     LoChosen,x
        beq     @nextMeld
        ora     LoCovered,x
        sta     LoCovered,x
        lda     LoHigh
        jsr     Up1
        sta     LoHigh
        bra     @up
@set    lda     LoLo,y
        beq     @nextMeld
        lda     LoHi,y                  ; any chosen card of the rank (only the
        and     #SUIT_MASK_ALL          ; missing suit can be the defender's)
        sta     LoD
        ldx     #Hand.Size-2
@setSuit lda    LoChosen,x
        and     LoD
        ora     LoCovered,x
        sta     LoCovered,x
        dex
        dex
        bpl     @setSuit
@nextMeld iny
        iny
        bra     @meld
@compare ldx    #Hand.Size-2
@cmp    lda     LoCovered,x
        cmp     LoChosen,x
        bne     @invalid
        dex
        dex
        bpl     @cmp
        sec
        rts
@invalid clc
        rts

; by the candidate order of a three-card set (1..4): 2 * its missing suit
MissingSuit2 DC.W 0,6,4,2,0
SuitBaseLo DC.W 0,13,26,39
LoMeldCount DS.W 1
LoHi    DS.W    MAX_MELDS
LoLo    DS.W    MAX_MELDS
LoMask  DS.B    Hand.Size
LoCards DS.W    MAX_LAYABLE
LoCount DS.W    1
LoLimit DS.W    1
LoSubset DS.W   1
LoBits  DS.W    1
LoChosen DS.B   Hand.Size
LoCovered DS.B  Hand.Size
LoRest  DS.B    Hand.Size
LoDw    DS.W    1
LoN     DS.W    1
LoBestN DS.W    1
LoD     DS.W    1
LoCard  DS.W    1
LoLow   DS.W    1
LoHigh  DS.W    1
LoRun   DS.W    1
LoWrapDown DS.W 1                       ; Down1: the ace's bit comes back as this
LoWrapUp DS.W   1                       ; Up1: the King's bit comes back as this
        ENDP

; ------------------------------------------------------------------------------------
; GK_KnockLegal — may this hand knock?  JSL, any M/X/DBR.
;   In:  DwHand = the 10 cards kept, A = the knock limit (0: gin only); RulesBlock
;        (knocking off: the limit is 0, Simple Gin; around the corner: its deadwood).
;   Out: A = 1 when the deadwood <= the limit, else 0; X = the deadwood.
;   Cost: Deadwood's (mean 600 cycles for 10 cards) + 60.
; ------------------------------------------------------------------------------------
GK_KnockLegal PROC EXPORT
        IMPORT  Deadwood,RulesBlock
        EngineEnter
        ldx     RulesBlock+RulesRec.knockOff
        beq     @limit
        lda     #0                      ; Simple Gin: "the maximum knock score is zero"
@limit  sta     KlLimit
        jsr     Deadwood
        tax
        lda     #0
        cpx     KlLimit
        beq     @legal
        bcs     @done
@legal  lda     #1
@done   EngineLeave
KlLimit DS.W    1
        ENDP

        END
