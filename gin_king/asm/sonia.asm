; sonia.asm — the melded-cards draw of Sonia, used also by Mort, Bernie, Phyllis, Shark
; (manual, "Computer Personalities": Sonia; docs/personalities.md sections 2, 6):
; take the upcard iff it raises the number of cards in melds of the canonical arrangement.
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; SoniaDraw — the decision and its advice:
;   take:  "Take the u." [" The u can be formed in a meld with the <meld less u>."]
;          " This will increase the number of cards in melds from B to A."
;   stock: "Draw from the stock." (or "Refuse the u.") " The u will not increase the
;          number of cards in melds."
;   In:  PosBlock: hand (10 cards), upcard, firstOffer.  Out: DecBlock.choice, text.
;   Clobbers: A, X, Y. Cost: mean 7,000 cycles, worst 16,500.
; ------------------------------------------------------------------------------------
SoniaDraw PROC  EXPORT
        IMPORT  PosBlock,DecBlock,AiHand,CopyHand,CardFlip,CanonOf,MeldedCount
        IMPORT  CnBestCount,MeldCardsOf,MeldCards,MeldLen,TxtMeld,TxtSkip
        IMPORT  TxtInline,TxtCard,TxtNum,NoTakeOpening
        ldx     #PosBlock+Pos.hand      ; before = melded(H)
        jsr     CanonOf
        jsr     MeldedCount
        sta     SdBefore
        ldx     #PosBlock+Pos.hand      ; after = melded(H + u)
        ldy     #AiHand
        jsr     CopyHand
        lda     PosBlock+Pos.upcard
        ldy     #AiHand
        jsr     CardFlip
        ldx     #AiHand
        jsr     CanonOf
        jsr     MeldedCount
        sta     SdAfter
        cmp     SdBefore
        beq     @stock
        bcs     @take
@stock  jsr     NoTakeOpening
        Say     ' The '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     ' will not increase the number of cards in melds.'
        rts
@take   lda     #1
        sta     DecBlock+Dec.choice
        Say     'Take the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '.'
        stz     SdMeld                  ; 2 * meld index
@meld   ldx     SdMeld                  ; each meld holding the upcard
        cpx     CnBestCount
        bcs     @count
        jsr     MeldCardsOf
        ldx     MeldLen
@find   dex
        dex
        bmi     @nextMeld
        lda     MeldCards,x
        cmp     PosBlock+Pos.upcard
        bne     @find
        Say     ' The '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     ' can be formed in a meld with the '
        lda     PosBlock+Pos.upcard
        sta     TxtSkip
        ldx     SdMeld
        jsr     TxtMeld
        Say     '.'
@nextMeld inc   SdMeld
        inc     SdMeld
        bra     @meld
@count  Say     ' This will increase the number of cards in melds from '
        lda     SdBefore
        jsr     TxtNum
        Say     ' to '
        lda     SdAfter
        jsr     TxtNum
        Say     '.'
        rts
SdBefore DS.W   1
SdAfter DS.W    1
SdMeld  DS.W    1
        ENDP

        END
