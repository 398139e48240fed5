; scoring.asm — hand and game scoring and the terms of a hand (manual, "Rules of Gin":
; "Scoring", "Oklahoma Gin"; Glossary "Box", "Skunk", "Undercut", "Knock Card").
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; ScoreHand — score a knock from ShowBlock.knockerDw / defenderDw / multiplier:
;   gin:      the knocker scores the defender's deadwood + 25;
;   undercut: defender's deadwood <= knocker's: the defender scores the difference + 25;
;   else:     the knocker scores the difference.  All times the multiplier.
;   Out: ShowBlock.kind, .winner, .points. Clobbers: A.
; ------------------------------------------------------------------------------------
ScoreHand PROC  EXPORT
        IMPORT  ShowBlock
        lda     ShowBlock+Showdown.knockerDw
        bne     @notGin
        lda     #HAND_GIN
        sta     ShowBlock+Showdown.kind
        stz     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.defenderDw
        clc
        adc     #GIN_BONUS
        bra     @multiply
@notGin cmp     ShowBlock+Showdown.defenderDw
        bcc     @knock                  ; knocker < defender: a plain knock
        lda     #HAND_UNDERCUT          ; "less or equal deadwood": undercut
        sta     ShowBlock+Showdown.kind
        lda     #1
        sta     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.knockerDw
        sec
        sbc     ShowBlock+Showdown.defenderDw
        clc
        adc     #UNDERCUT_BONUS
        bra     @multiply
@knock  lda     #HAND_KNOCK
        sta     ShowBlock+Showdown.kind
        stz     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.defenderDw
        sec
        sbc     ShowBlock+Showdown.knockerDw
@multiply ldx   ShowBlock+Showdown.multiplier
        cpx     #2
        bne     @store
        asl     a                       ; a spade knock card doubles the hand
@store  sta     ShowBlock+Showdown.points
        rts
        ENDP

; ------------------------------------------------------------------------------------
; GK_FinalScore — the score sheet at the game's end.  JSL, any M/X/DBR.
;   In:  GameEndBlock.winner, .handPoints[2], .boxes[2].
;   Out: .shutout (the loser won no hand), .totals[2], .net.
;        totals[p] = handPoints[p] + 25 * boxes[p]; the winner's hand points and the
;        100-point game bonus are doubled on a shutout (the box bonus is not).
; ------------------------------------------------------------------------------------
GK_FinalScore PROC EXPORT
        IMPORT  GameEndBlock
        EngineEnter
        ldx     #2                      ; per player: points + 25 * boxes
@player lda     GameEndBlock+GameEnd.boxes,x
        jsr     Times25
        clc
        adc     GameEndBlock+GameEnd.handPoints,x
        sta     GameEndBlock+GameEnd.totals,x
        dex
        dex
        bpl     @player
        lda     GameEndBlock+GameEnd.winner
        asl     a
        tax                             ; x = 2 * winner
        eor     #2
        tay                             ; y = 2 * loser
        stz     GameEndBlock+GameEnd.shutout
        lda     GameEndBlock+GameEnd.boxes,y
        bne     @noSkunk
        inc     GameEndBlock+GameEnd.shutout
@noSkunk lda    GameEndBlock+GameEnd.handPoints,x
        clc
        adc     #GAME_BONUS             ; the winner's core: hand points + game bonus
        ldy     GameEndBlock+GameEnd.shutout
        beq     @single
        asl     a                       ; skunk: doubled
@single sta     FsCore
        lda     GameEndBlock+GameEnd.boxes,x
        jsr     Times25
        clc
        adc     FsCore
        sta     GameEndBlock+GameEnd.totals,x
        txa
        eor     #2
        tay
        lda     GameEndBlock+GameEnd.totals,x
        sec
        sbc     GameEndBlock+GameEnd.totals,y
        sta     GameEndBlock+GameEnd.net
        EngineLeave

; Times25 — A = 25 * A (A small).  Clobbers: A.
Times25 sta     FsTmp
        asl     a
        asl     a                       ; 4a
        adc     FsTmp                   ; 5a
        sta     FsTmp
        asl     a
        asl     a                       ; 20a
        adc     FsTmp                   ; 25a
        rts
FsCore  DS.W    1
FsTmp   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GK_HandTerms — what the first upcard fixes for a hand.  JSL, any M/X/DBR.
;   In:  A = the first upcard, X = VARIANT_STANDARD or VARIANT_OKLAHOMA.
;   Out: A = the knock limit (Standard 10; Oklahoma: the card's value, an Ace 0 = gin
;        only), X = the multiplier (Oklahoma: 2 when the card is a spade).
; ------------------------------------------------------------------------------------
GK_HandTerms PROC EXPORT
        IMPORT  CardBit,CardSuit2,RunDeadwood
        EngineEnter
        cpx     #VARIANT_OKLAHOMA
        beq     @oklahoma
        lda     #STANDARD_KNOCK_LIMIT
        ldx     #1
        EngineLeave
@oklahoma asl   a
        tax
        ldy     #1                      ; the multiplier
        lda     CardSuit2,x
        cmp     #6                      ; 2 * spades
        bne     @value
        iny
@value  lda     CardBit,x
        tax
        lda     >RunDeadwood,x          ; a lone card's deadwood = its value
        and     #$00FF
        cmp     #1
        bne     @limit
        lda     #0                      ; an Ace: gin only
@limit  tyx
        EngineLeave
        ENDP

        END
