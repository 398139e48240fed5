; knock.asm — the knocking advice shared by the personalities (docs/personalities.md
; section 6, "Knock advice") and the always-knock decision of Irv, Willy, Sonia, Mort.
;
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; KnockAlways — Irv, Willy, Sonia, Mort: "will always knock as soon as possible".
;   In:  PosBlock.hand = the 10 cards after the discard (the knock is legal).
;   Out: DecBlock.choice = 1; text "Knock. " + KnockingText. Clobbers: A, X, Y.
;   Cost: mean 10,000 cycles, worst 22,100.
; ------------------------------------------------------------------------------------
KnockAlways PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,KnockingText,TxtInline
        lda     #1
        sta     DecBlock+Dec.choice
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        Say     'Knock. '
        jmp     KnockingText
        ENDP

; ------------------------------------------------------------------------------------
; KnockingText — the knock sentence without "Knock. ", from the last Canon:
;   gin:  "You have gin: <melds>."
;   else: "You can knock with: <melds>." (or "You can knock with no melds.")
;         " This leaves <the deadwood cards> (<N points>) in deadwood."
;   Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
KnockingText PROC EXPORT
        IMPORT  CnBestVal,CnBestCount,CnDead,TlMask,CopyHand
        IMPORT  TxtInline,TxtMelds,TxtCardList,TxtPoints
        lda     CnBestVal
        bne     @dead
        Say     'You have gin: '
        jsr     TxtMelds
        Say     '.'
        rts
@dead   lda     CnBestCount
        beq     @noMelds
        Say     'You can knock with: '
        jsr     TxtMelds
        Say     '.'
        bra     @leaves
@noMelds Say    'You can knock with no melds.'
@leaves Say     ' This leaves '
        ldx     #CnDead
        ldy     #TlMask
        jsr     CopyHand
        lda     #CONJ_AND
        jsr     TxtCardList
        Say     ' ('
        lda     CnBestVal
        jsr     TxtPoints
        Say     ') in deadwood.'
        rts
        ENDP

; ------------------------------------------------------------------------------------
; BernieKnock — "He will not knock until he has Gin."
;   gin: "Knock. You have gin: <melds>."
;   else choice 0: "Don't knock. Wait for gin; you have <N points> in deadwood."
;   In: PosBlock.hand (10 cards). Out: DecBlock. Clobbers: A, X, Y.
;   Cost: mean 7,000 cycles, worst 18,500.
; ------------------------------------------------------------------------------------
BernieKnock PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,CnBestVal,KnockingText,TxtInline,TxtPoints
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        bne     @wait
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        jmp     KnockingText
@wait   Say     'Don''t knock. Wait for gin; you have '
        lda     CnBestVal
        jsr     TxtPoints
        Say     ' in deadwood.'
        rts
        ENDP

; ------------------------------------------------------------------------------------
; PhyllisKnock — knock iff some deadwood card d of the canonical arrangement has no
; helping card (helpers(d) = 0 on the 10 cards, the pile plus the discard): "a card that
; cannot be melded in one draw".
;   gin:   "Knock. You have gin: <melds>."
;   knock: "Knock. <The d, e and f> cannot be melded in one draw. " + KnockingText
;   wait:  "Don't knock. Every card in your deadwood can be melded in one draw, so go
;           for gin."
;   In: PosBlock: hand (10), pile, discard, oppKnown. Out: DecBlock. Clobbers: A, X, Y.
;   Cost: mean 13,600 cycles, worst 30,300.
; ------------------------------------------------------------------------------------
PhyllisKnock PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,CnBestVal,CnDead,KnockingText,CopyHand,CardFlip
        IMPORT  CardIn,Measure,MsHand,MsPile,MsHelpers,TlMask,TxtCardList,TxtInline
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        bne     @dead
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        jmp     KnockingText
@dead   ldx     #PosBlock+Pos.hand      ; the measures: 10 cards, pile + discard
        ldy     #MsHand
        jsr     CopyHand
        ldx     #PosBlock+Pos.pile
        ldy     #MsPile
        jsr     CopyHand
        lda     PosBlock+Pos.discard
        cmp     #NO_CARD
        beq     @stuck
        ldy     #MsPile
        jsr     CardIn
        bne     @stuck                  ; already in the pile
        lda     PosBlock+Pos.discard
        ldy     #MsPile
        jsr     CardFlip
@stuck  stz     TlMask+Hand.clubs       ; the deadwood cards nothing can meld
        stz     TlMask+Hand.diamonds
        stz     TlMask+Hand.hearts
        stz     TlMask+Hand.spades
        stz     PkCard
@card   lda     PkCard
        ldy     #CnDead
        jsr     CardIn
        beq     @next
        lda     PkCard
        jsr     Measure
        lda     MsHelpers
        bne     @next
        lda     PkCard
        ldy     #TlMask
        jsr     CardFlip
        lda     #1
        sta     PkAny
@next   inc     PkCard
        lda     PkCard
        cmp     #CARDS_IN_DECK
        bcc     @card
        lda     TlMask+Hand.clubs
        ora     TlMask+Hand.diamonds
        ora     TlMask+Hand.hearts
        ora     TlMask+Hand.spades
        bne     @knock
        Say     'Don''t knock. Every card in your deadwood can be melded in one draw, so go for gin.'
        rts
@knock  lda     #1
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        lda     DecBlock+Dec.textLen    ; where "the" starts: capitalised below
        pha
        lda     #CONJ_AND
        jsr     TxtCardList
        plx
        Acc8
        lda     #'T'
        sta     DecBlock+Dec.text,x
        Acc16
        Say     ' cannot be melded in one draw. '
        jmp     KnockingText
PkCard  DS.W    1
PkAny   DS.W    1
        ENDP

        END
