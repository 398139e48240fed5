; willy.asm — Willy (manual, "Computer Personalities": Willy; docs/personalities.md
; sections 2, 3, 6). Sonia discards as Willy does; Mort, Bernie, Phyllis, Shark compare
; their discard with Willy's (MinDwDiscard).
;   Draw:    take the upcard iff min over c in H of deadwood(H + u - c) < deadwood(H).
;   Discard: over the eligible cards in scan order, least deadwood(H - c); first wins.
;   Knock:   always (knock.asm).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; WillyDraw — Willy's draw decision and advice.
;   In:  PosBlock: hand (10 cards), upcard, firstOffer.
;   Out: DecBlock.choice = 1 take / 0 stock; the advice text. Clobbers: A, X, Y.
;   Cost: mean 14,300 cycles, worst 27,100 (docs/performance.md).
; ------------------------------------------------------------------------------------
WillyDraw PROC  EXPORT
        IMPORT  PosBlock,DecBlock,DwHand,CopyHand,Deadwood,UpcardAfter
        IMPORT  TxtInline,TxtCard,TxtNum,TxtPoints,NoTakeOpening
        ldx     #PosBlock+Pos.hand      ; before = deadwood(H)
        ldy     #DwHand
        jsr     CopyHand
        jsr     Deadwood
        sta     WdBefore
        jsr     UpcardAfter
        sta     WdAfter
        cmp     WdBefore
        bcs     @stock
        lda     #1                      ; it reduces the deadwood: take it
        sta     DecBlock+Dec.choice
        Say     'Take the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '. This will reduce your deadwood from '
        lda     WdBefore
        jsr     TxtNum
        Say     ' to '
        lda     WdAfter
        jsr     TxtPoints               ; "1 point" when after is 1
        Say     '.'
        rts
@stock  jsr     NoTakeOpening
        Say     ' The '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     ' will not reduce your deadwood of '
        lda     WdBefore
        jsr     TxtPoints
        Say     '.'
        rts
WdBefore DS.W   1
WdAfter DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; UpcardAfter — A = min over c in H of deadwood(H + u - c): the least deadwood the upcard
;   leaves (Willy's draw, Shark's). In: PosBlock: hand (10 cards), upcard.
;   Clobbers: A, X, Y; AiHand. Cost: ten DwAfter calls, about 13,000 cycles on average.
; ------------------------------------------------------------------------------------
UpcardAfter PROC EXPORT
        IMPORT  PosBlock,AiHand,CopyHand,CardFlip,CardIn,DwAfter
        ldx     #PosBlock+Pos.hand      ; AiHand = H + u
        ldy     #AiHand
        jsr     CopyHand
        lda     PosBlock+Pos.upcard
        ldy     #AiHand
        jsr     CardFlip
        lda     #NO_DEADWOOD_YET
        sta     UaAfter
        stz     UaCard
@card   lda     UaCard
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        beq     @next
        lda     UaCard
        jsr     DwAfter
        cmp     UaAfter
        bcs     @next
        sta     UaAfter
@next   inc     UaCard
        lda     UaCard
        cmp     #CARDS_IN_DECK
        bcc     @card
        lda     UaAfter
        rts
UaAfter DS.W    1
UaCard  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; MinDwDiscard — Willy's discard: the eligible card (PosBlock.hand less PosBlock.taken)
; leaving the least deadwood, first in scan order.
;   Out: A = the card, MdBest = its deadwood after. AiHand = PosBlock.hand.
;   Clobbers: A, X, Y. Cost: 11 Deadwood calls + about 2,000 cycles.
; ------------------------------------------------------------------------------------
MinDwDiscard PROC EXPORT
        IMPORT  PosBlock,AiHand,CopyHand,CardIn,DwAfter,ScanOrder
        EXPORT  MdBest
        ldx     #PosBlock+Pos.hand
        ldy     #AiHand
        jsr     CopyHand
        lda     #NO_DEADWOOD_YET
        sta     MdBest
        ldx     #0                      ; x = position in the scan order
@scan   stx     MdIndex
        lda     ScanOrder,x
        and     #$00FF
        sta     MdCard
        cmp     PosBlock+Pos.taken      ; the card just taken may not go back
        beq     @next
        ldy     #AiHand
        jsr     CardIn
        beq     @next
        lda     MdCard
        jsr     DwAfter
        cmp     MdBest
        bcs     @next                   ; only a strictly lower deadwood replaces
        sta     MdBest
        lda     MdCard
        sta     MdChoice
@next   ldx     MdIndex
        inx
        cpx     #CARDS_IN_DECK
        bcc     @scan
        lda     MdChoice
        rts
MdBest  DS.W    1
MdIndex DS.W    1
MdCard  DS.W    1
MdChoice DS.W   1
        ENDP

; ------------------------------------------------------------------------------------
; WillyDiscard — Willy's (and Sonia's) discard and advice:
;   "Discard the X. After discarding the X, your melds are: <melds>. This leaves
;    <N points> in deadwood."  ("..., you have no melds. ..." without melds)
;   In:  PosBlock: hand (11 cards), taken.  Out: DecBlock.choice = the card; the text.
;   Clobbers: A, X, Y. Cost: mean 17,300 cycles, worst 31,600.
; ------------------------------------------------------------------------------------
WillyDiscard PROC EXPORT
        IMPORT  PosBlock,DecBlock,AiHand,DwHand,CopyHand,CardFlip,Canon,MinDwDiscard
        IMPORT  CnBestCount,CnBestVal,TxtInline,TxtCard,TxtMelds,TxtPoints
        jsr     MinDwDiscard
        sta     DecBlock+Dec.choice
        ldx     #AiHand                 ; the canonical arrangement of H - m
        ldy     #DwHand
        jsr     CopyHand
        lda     DecBlock+Dec.choice
        ldy     #DwHand
        jsr     CardFlip
        jsr     Canon
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. After discarding the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        lda     CnBestCount
        beq     @none
        Say     ', your melds are: '
        jsr     TxtMelds
        Say     '.'
        bra     @leaves
@none   Say     ', you have no melds.'
@leaves Say     ' This leaves '
        lda     CnBestVal
        jsr     TxtPoints
        Say     ' in deadwood.'
        rts
        ENDP

        END
