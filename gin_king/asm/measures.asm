; measures.asm — the per-card measures the remembering personalities weigh
; (docs/personalities.md section 1; manual: Mort's "missing melds", Bernie's "cards that
; will help"). For a card c, over its three-card melds (generated table MeldPairs, from
; the oracle's THREE_CARD_MELDS; around the corner, RulesBlock.corner, MeldPairsCorner in
; the data segment, from CORNER_THREE_CARD_MELDS, copied to MeldPairsScratch per call):
;   accounted = (MsHand - c) | MsPile          cards the opponent cannot have
;   unseen    = all - MsHand - MsPile - oppKnown
;   live      = melds with neither partner accounted          ("missing melds")
;   opp       = oppKnown partners of c in live melds (mask)
;   dead      = accounted partners of c in any meld (mask)
;   help      = unseen x with a meld {c, x, y}, y in MsHand (mask; helpers = its count)
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

MELD_PAIRS_MAX  EQU     6               ; three-card melds of a card: 4 to 6
PAIR_BYTES      EQU     2*MELD_PAIRS_MAX
NO_PARTNER      EQU     $FF
SCRATCH_ROW     EQU     CARDS_IN_DECK   ; MeldPairsScratch: the row after card 51's

; ------------------------------------------------------------------------------------
; MeasureData — inputs and results of Measure.
; ------------------------------------------------------------------------------------
MeasureData PROC EXPORT
        EXPORT  MsHand
        EXPORT  MsPile
        EXPORT  MsLive
        EXPORT  MsOpp
        EXPORT  MsDead
        EXPORT  MsHelp
        EXPORT  MsOppCount
        EXPORT  MsHelpers
        EXPORT  MsAcc
        EXPORT  MsUnseen
        EXPORT  MsLive1
        EXPORT  MsLive2
MsHand  DS.B    Hand.Size               ; IN: the hand the card belongs to
MsPile  DS.B    Hand.Size               ; IN: the discard pile
MsAcc   DS.B    Hand.Size               ; accounted cards
MsUnseen DS.B   Hand.Size               ; unseen cards
MsLive  DS.W    1                       ; OUT: live melds
MsLive1 DS.W    1                       ; OUT: live melds with one known opponent partner
MsLive2 DS.W    1                       ; OUT: live melds with both partners known
MsOpp   DS.B    Hand.Size               ; OUT: known opponent partners in live melds
MsOppCount DS.W 1                       ; OUT: their number
MsDead  DS.B    Hand.Size               ; OUT: accounted partners
MsHelp  DS.B    Hand.Size               ; OUT: the helping cards
MsHelpers DS.W  1                       ; OUT: their number
        ENDP

; ------------------------------------------------------------------------------------
; Measure — live, opp, dead and helpers of card A (see the file header).
;   In:  A = card; MsHand, MsPile, PosBlock.oppKnown.
;   Out: MsLive (MsLive1, MsLive2: those with one, two known opponent partners),
;        MsOpp/MsOppCount, MsDead, MsHelp/MsHelpers.
;   Clobbers: A, X, Y. Cost: about 3,100 cycles (around the corner, six pairs for every
;   card and the row's copy: about 3,400).
; ------------------------------------------------------------------------------------
Measure PROC    EXPORT
        IMPORT  MsHand,MsPile,MsAcc,MsUnseen,MsLive,MsOpp,MsOppCount,MsDead,MsHelp,MsHelpers
        IMPORT  MsLive1,MsLive2
        IMPORT  PosBlock,MeldPairs,MeldPairsCorner,MeldPairsScratch,CardSuit2,CardBit
        IMPORT  CardFlip,CountCards
        IMPORT  RulesBlock
        sta     MeCard
        ldx     #Hand.Size-2            ; per suit: accounted, unseen; clear the results
@suit   lda     MsHand,x
        ora     MsPile,x
        sta     MsAcc,x
        ora     PosBlock+Pos.oppKnown,x
        eor     #SUIT_MASK_ALL
        sta     MsUnseen,x
        stz     MsOpp,x
        stz     MsDead,x
        stz     MsHelp,x
        dex
        dex
        bpl     @suit
        lda     MeCard                  ; c itself is not accounted
        asl     a
        tax
        lda     CardSuit2,x
        tay
        lda     CardBit,x
        eor     #$FFFF
        and     MsAcc,y
        sta     MsAcc,y
        stz     MsLive
        stz     MsLive1
        stz     MsLive2
        lda     MeCard                  ; offset of c's pairs in MeldPairs
        asl     a
        adc     MeCard                  ; 3c (carry clear: c < 52)
        asl     a
        asl     a                       ; 12c
        ldx     RulesBlock+RulesRec.corner
        beq     @plain
        tax                             ; around the corner: c's row of MeldPairsCorner
        lda     >MeldPairsCorner,x      ;   (data segment) to MeldPairsScratch, read as
        sta     MeldPairsScratch        ;   row SCRATCH_ROW of MeldPairs
        lda     >MeldPairsCorner+2,x
        sta     MeldPairsScratch+2
        lda     >MeldPairsCorner+4,x
        sta     MeldPairsScratch+4
        lda     >MeldPairsCorner+6,x
        sta     MeldPairsScratch+6
        lda     >MeldPairsCorner+8,x
        sta     MeldPairsScratch+8
        lda     >MeldPairsCorner+10,x
        sta     MeldPairsScratch+10
        lda     #SCRATCH_ROW*PAIR_BYTES
@plain  sta     MePair
        clc
        adc     #PAIR_BYTES
        sta     MeEnd
@pair   ldx     MePair
        lda     MeldPairs,x
        and     #$00FF
        cmp     #NO_PARTNER
        bne     @partners
        jmp     @done
@partners asl   a                       ; x partner: suit offset and bit
        tay
        lda     CardSuit2,y
        sta     MeXOff
        lda     CardBit,y
        sta     MeXBit
        lda     MeldPairs+1,x
        and     #$00FF
        asl     a
        tay
        lda     CardSuit2,y
        sta     MeYOff
        lda     CardBit,y
        sta     MeYBit
        stz     MeAccounted
        ldx     MeXOff                  ; ---- accounted partners: dead
        lda     MsAcc,x
        and     MeXBit
        beq     @xFree
        ora     MsDead,x
        sta     MsDead,x
        inc     MeAccounted
@xFree  ldx     MeYOff
        lda     MsAcc,x
        and     MeYBit
        beq     @yFree
        ora     MsDead,x
        sta     MsDead,x
        inc     MeAccounted
@yFree  lda     MeAccounted
        bne     @helpers
        inc     MsLive                  ; ---- a live meld: opponent partners in it
        stz     MeKnown
        ldx     MeXOff
        lda     PosBlock+Pos.oppKnown,x
        and     MeXBit
        beq     @xUnknown
        inc     MeKnown
        ora     MsOpp,x
        sta     MsOpp,x
@xUnknown ldx   MeYOff
        lda     PosBlock+Pos.oppKnown,x
        and     MeYBit
        beq     @yUnknown
        inc     MeKnown
        ora     MsOpp,x
        sta     MsOpp,x
@yUnknown lda   MeKnown                 ;      one or both known: MsLive1, MsLive2
        beq     @helpers
        cmp     #2
        beq     @both
        inc     MsLive1
        bra     @helpers
@both   inc     MsLive2
@helpers ldx    MeXOff                  ; ---- x in hand and y unseen: y helps
        lda     MsHand,x
        and     MeXBit
        beq     @yInHand
        ldx     MeYOff
        lda     MsUnseen,x
        and     MeYBit
        beq     @next
        ora     MsHelp,x
        sta     MsHelp,x
        bra     @next
@yInHand ldx    MeYOff                  ;      y in hand and x unseen: x helps
        lda     MsHand,x
        and     MeYBit
        beq     @next
        ldx     MeXOff
        lda     MsUnseen,x
        and     MeXBit
        beq     @next
        ora     MsHelp,x
        sta     MsHelp,x
@next   lda     MePair
        clc
        adc     #2
        sta     MePair
        cmp     MeEnd
        bcs     @done
        jmp     @pair
@done   ldx     #MsOpp
        jsr     CountCards
        sta     MsOppCount
        ldx     #MsHelp
        jsr     CountCards
        sta     MsHelpers
        rts
MeCard  DS.W    1
MePair  DS.W    1
MeEnd   DS.W    1
MeXOff  DS.W    1
MeXBit  DS.W    1
MeYOff  DS.W    1
MeYBit  DS.W    1
MeAccounted DS.W 1
MeKnown DS.W    1
        ENDP

        END
