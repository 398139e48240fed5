; measures.asm — the per-card measures the remembering personalities weigh
; (docs/personalities.md section 1; manual: Mort's "missing melds", Bernie's "cards that
; will help"). For a card c, over its three-card melds (generated table MeldPairs, from
; the oracle's THREE_CARD_MELDS; around the corner, RulesBlock.corner, MeldPairsCorner in
; the data segment, from CORNER_THREE_CARD_MELDS):
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
;   Clobbers: A, X, Y. Cost: about 3,100 cycles.
; ------------------------------------------------------------------------------------
Measure PROC    EXPORT
        IMPORT  MsHand,MsPile,MsAcc,MsUnseen,MsLive,MsOpp,MsOppCount,MsDead,MsHelp,MsHelpers
        IMPORT  MsLive1,MsLive2
        IMPORT  PosBlock,MeldPairs,MeldPairsCorner,CardSuit2,CardBit,CardFlip,CountCards
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
        lda     MeCard                  ; x = offset of c's pairs in MeldPairs
        asl     a
        adc     MeCard                  ; 3c (carry clear: c < 52)
        asl     a
        asl     a                       ; 12c
        tax
        lda     RulesBlock+RulesRec.corner
        bne     @corner
        lda     MeldPairs,x             ; MeRow = c's pairs (the manual's melds)
        sta     MeRow
        lda     MeldPairs+2,x
        sta     MeRow+2
        lda     MeldPairs+4,x
        sta     MeRow+4
        lda     MeldPairs+6,x
        sta     MeRow+6
        lda     MeldPairs+8,x
        sta     MeRow+8
        lda     MeldPairs+10,x
        sta     MeRow+10
        bra     @row
@corner lda     >MeldPairsCorner,x      ; around the corner (data segment)
        sta     MeRow
        lda     >MeldPairsCorner+2,x
        sta     MeRow+2
        lda     >MeldPairsCorner+4,x
        sta     MeRow+4
        lda     >MeldPairsCorner+6,x
        sta     MeRow+6
        lda     >MeldPairsCorner+8,x
        sta     MeRow+8
        lda     >MeldPairsCorner+10,x
        sta     MeRow+10
@row    stz     MePair
@pair   ldx     MePair
        lda     MeRow,x
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
        lda     MeRow+1,x
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
        cmp     #PAIR_BYTES
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
MeRow   DS.B    PAIR_BYTES              ; c's partner pairs, from MeldPairs(Corner)
MeXOff  DS.W    1
MeXBit  DS.W    1
MeYOff  DS.W    1
MeYBit  DS.W    1
MeAccounted DS.W 1
MeKnown DS.W    1
        ENDP

        END
