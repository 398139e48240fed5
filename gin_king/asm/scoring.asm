; scoring.asm — hand and game scoring and the terms of a hand (manual, "Rules of Gin":
; "Scoring", "Oklahoma Gin"; Glossary "Box", "Skunk", "Undercut", "Knock Card"), with the
; house rules of RulesBlock (docs/rules.md "House rules"): the bonuses in points, the box
; per hand won, as the difference (004) or off (001), the shutout doubled or in points
; (004's Blitz), spades double in standard gin (003), Simple Gin's knock limit 0 (002).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; ScoreHand — score a knock from ShowBlock.knockerDw / defenderDw / multiplier:
;   gin:      the knocker scores the defender's deadwood + the gin bonus;
;   undercut: defender's deadwood <= knocker's: the defender scores the difference + the
;             undercut bonus;
;   else:     the knocker scores the difference.  All times the multiplier.
;   (Bonuses: RulesBlock.ginBonus, .undercutBonus; the manual's 25 each.)
;   Out: ShowBlock.kind, .winner, .points. Clobbers: A, X.
; ------------------------------------------------------------------------------------
ScoreHand PROC  EXPORT
        IMPORT  ShowBlock,RulesBlock
        lda     ShowBlock+Showdown.knockerDw
        bne     @notGin
        lda     #HAND_GIN
        sta     ShowBlock+Showdown.kind
        stz     ShowBlock+Showdown.winner
        lda     ShowBlock+Showdown.defenderDw
        clc
        adc     RulesBlock+RulesRec.ginBonus
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
        adc     RulesBlock+RulesRec.undercutBonus
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
;   In:  GameEndBlock.winner, .handPoints[2], .boxes[2]; RulesBlock (box, boxBonus,
;        gameBonus, shutout).
;   Out: .shutout (the loser won no hand), .totals[2], .net (signed).
;        box[p] = boxBonus * boxes[p] (BOX_EACH), * max(0, boxes[p] - boxes[other])
;        (BOX_DIFFERENCE), or 0 (BOX_OFF); totals[p] = handPoints[p] + box[p], but the
;        winner's hand points and game bonus are doubled on a shutout (SHUTOUT_DOUBLE;
;        the box bonus is not) or get the shutout's points added.
;   Cost: about 300 cycles.
; ------------------------------------------------------------------------------------
GK_FinalScore PROC EXPORT
        IMPORT  FinalScore
        EngineEnter
        jsr     FinalScore
        EngineLeave
        ENDP

; FinalScore — GK_FinalScore's work (JSR).  Clobbers: A, X, Y.
FinalScore PROC EXPORT
        IMPORT  GameEndBlock,RulesBlock
        ldx     #2                      ; per player: his boxes that count
@boxes  lda     GameEndBlock+GameEnd.boxes,x
        ldy     RulesBlock+RulesRec.box
        cpy     #BOX_DIFFERENCE
        bne     @count
        txa
        eor     #2
        tay                             ; y = 2 * the other player
        lda     GameEndBlock+GameEnd.boxes,x
        sec
        sbc     GameEndBlock+GameEnd.boxes,y
        bpl     @count
        lda     #0                      ; behind in boxes: none
@count  jsr     BoxPoints
        sta     FsBox,x
        clc
        adc     GameEndBlock+GameEnd.handPoints,x
        sta     GameEndBlock+GameEnd.totals,x
        dex
        dex
        bpl     @boxes
        lda     GameEndBlock+GameEnd.winner
        asl     a
        tax                             ; x = 2 * winner
        eor     #2
        tay                             ; y = 2 * loser
        stz     GameEndBlock+GameEnd.shutout
        lda     GameEndBlock+GameEnd.handPoints,x
        clc
        adc     RulesBlock+RulesRec.gameBonus   ; the winner's core: hand points + game bonus
        sta     FsCore
        lda     GameEndBlock+GameEnd.boxes,y
        bne     @total
        inc     GameEndBlock+GameEnd.shutout
        lda     RulesBlock+RulesRec.shutout
        cmp     #SHUTOUT_DOUBLE
        bne     @points
        lda     FsCore                  ; skunk: doubled
@points clc                             ; (or the shutout's points added)
        adc     FsCore
        sta     FsCore
@total  lda     FsCore
        clc
        adc     FsBox,x
        sta     GameEndBlock+GameEnd.totals,x
        lda     GameEndBlock+GameEnd.totals,x
        sec
        sbc     GameEndBlock+GameEnd.totals,y
        sta     GameEndBlock+GameEnd.net
        rts

; BoxPoints — A = A boxes * RulesBlock.boxBonus, or 0 under BOX_OFF (A small: a loop of
; additions).  Clobbers: A, Y.
BoxPoints tay
        lda     RulesBlock+RulesRec.box
        cmp     #BOX_OFF
        beq     @none
        lda     #0
@add    dey
        bmi     @done
        clc
        adc     RulesBlock+RulesRec.boxBonus
        bra     @add
@none   lda     #0
@done   rts
FsCore  DS.W    1
FsBox   DS.W    2                       ; each player's box points
        ENDP

; ------------------------------------------------------------------------------------
; Hollywood scoring (GIN!, seed 004; oracle scoring.py HollywoodTally): "The 1st hand a
; player wins is scored in game #1. The 2nd hand is scored in game #1 and game #2, etc."
; A won hand enters its winner in the lowest open game he has not entered yet, then scores
; (points and a box) in every open game he has entered; a game is over once a player has
; reached RulesBlock.points in it (its sheet: FinalScore with its scores and boxes); the
; match is over when all three are.
; ------------------------------------------------------------------------------------
HollywoodData PROC EXPORT
        EXPORT  HollyBlock
HollyBlock DS.B Holly.Size              ; IN/OUT of GK_Hollywood...
        ENDP

; GK_HollywoodStart — a new match: HollyBlock all zero.  JSL, any M/X/DBR.
GK_HollywoodStart PROC EXPORT
        IMPORT  HollyBlock
        EngineEnter
        ldx     #Holly.Size-2
@clear  stz     HollyBlock,x
        dex
        dex
        bpl     @clear
        EngineLeave
        ENDP

; ------------------------------------------------------------------------------------
; GK_HollywoodHand — record a won hand, then close the games it finished.  JSL.
;   In:  HollyBlock.winner, .points; the tally; RulesBlock.points (the target).
;   Out: .scores, .boxes, .entered, .closed, .winners, .current.  Cost: about 450 cycles.
; ------------------------------------------------------------------------------------
GK_HollywoodHand PROC EXPORT
        IMPORT  HollyBlock,RulesBlock
        EngineEnter
        lda     HollyBlock+Holly.winner
        asl     a
        tax                             ; x = 2 * winner
        lda     HollyBlock+Holly.closed ; open games he has not entered
        ora     HollyBlock+Holly.entered,x
        eor     #GAMES_ALL
        beq     @score
        sta     HwT
        eor     #$FFFF                  ; the lowest of them: he enters it
        inc     a
        and     HwT
        ora     HollyBlock+Holly.entered,x
        sta     HollyBlock+Holly.entered,x
@score  lda     #1
        sta     HwBit                   ; bit of game g
        txy                             ; y = 4g + 2 * winner
@game   lda     HwBit
        bit     HollyBlock+Holly.closed
        bne     @next                   ; over
        bit     HollyBlock+Holly.entered,x
        beq     @next                   ; not entered
        lda     HollyBlock+Holly.scores,y
        clc
        adc     HollyBlock+Holly.points
        sta     HollyBlock+Holly.scores,y
        lda     HollyBlock+Holly.boxes,y
        inc     a
        sta     HollyBlock+Holly.boxes,y
@next   iny
        iny
        iny
        iny
        asl     HwBit
        lda     HwBit
        cmp     #GAMES_ALL+1
        bcc     @game
        lda     #1                      ; close the open games someone has won
        sta     HwBit
        ldx     #0                      ; x = 4g
        ldy     #0                      ; y = 2g
@close  lda     HwBit
        bit     HollyBlock+Holly.closed
        bne     @cnext
        stz     HwLead                  ; the leader: player 0 unless 1 is ahead
        lda     HollyBlock+Holly.scores+2,x
        cmp     HollyBlock+Holly.scores,x
        beq     @lead0
        bcc     @lead0
        inc     HwLead
        bra     @reach
@lead0  lda     HollyBlock+Holly.scores,x
@reach  cmp     RulesBlock+RulesRec.points
        bcc     @cnext
        lda     HwBit
        tsb     HollyBlock+Holly.closed
        lda     HwLead
        sta     HollyBlock+Holly.winners,y
@cnext  inx
        inx
        inx
        inx
        iny
        iny
        asl     HwBit
        cpy     #2*HOLLYWOOD_GAMES
        bcc     @close
        ldx     #0                      ; the game shown: the lowest open one, else 2
        lda     #1
@cur    bit     HollyBlock+Holly.closed
        beq     @shown
        inx
        asl     a
        cpx     #HOLLYWOOD_GAMES-1
        bcc     @cur
@shown  stx     HollyBlock+Holly.current
        EngineLeave
HwT     DS.W    1
HwBit   DS.W    1
HwLead  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GK_HollywoodMatch — the match sheet over the games that are over.  JSL.
;   In:  the tally; RulesBlock (each game's sheet is FinalScore's).
;   Out: HollyBlock.totals[2] (the sums of each game's totals), .matchWinner (larger
;        total; equal totals: more games won; then player 0), .net. GameEndBlock: the
;        last game's sheet.  Cost: about 1,200 cycles.
; ------------------------------------------------------------------------------------
GK_HollywoodMatch PROC EXPORT
        IMPORT  HollyBlock,GameEndBlock,FinalScore
        EngineEnter
        stz     HollyBlock+Holly.totals
        stz     HollyBlock+Holly.totals+2
        stz     HmWon
        stz     HmWon+2
        stz     HmG
@game   lda     HmG                     ; game g = HmG / 2 over?
        lsr     a
        tax
        lda     #0
        sec
@bit    rol     a                       ; A = 1 << g
        dex
        bpl     @bit
        bit     HollyBlock+Holly.closed
        beq     @next
        ldy     HmG                     ; its sheet
        lda     HollyBlock+Holly.winners,y
        sta     GameEndBlock+GameEnd.winner
        asl     a
        tax
        inc     HmWon,x
        tya
        asl     a
        tax                             ; x = 4g
        lda     HollyBlock+Holly.scores,x
        sta     GameEndBlock+GameEnd.handPoints
        lda     HollyBlock+Holly.scores+2,x
        sta     GameEndBlock+GameEnd.handPoints+2
        lda     HollyBlock+Holly.boxes,x
        sta     GameEndBlock+GameEnd.boxes
        lda     HollyBlock+Holly.boxes+2,x
        sta     GameEndBlock+GameEnd.boxes+2
        jsr     FinalScore
        ldx     #2
@sum    lda     GameEndBlock+GameEnd.totals,x
        clc
        adc     HollyBlock+Holly.totals,x
        sta     HollyBlock+Holly.totals,x
        dex
        dex
        bpl     @sum
@next   inc     HmG
        inc     HmG
        lda     HmG
        cmp     #2*HOLLYWOOD_GAMES
        bcc     @game
        stz     HollyBlock+Holly.matchWinner
        lda     HollyBlock+Holly.totals+2
        cmp     HollyBlock+Holly.totals
        bcc     @net                    ; player 0 ahead
        bne     @one
        lda     HmWon+2                 ; equal totals: more games won
        cmp     HmWon
        beq     @net
        bcc     @net
@one    inc     HollyBlock+Holly.matchWinner
@net    lda     HollyBlock+Holly.matchWinner
        asl     a
        tax
        eor     #2
        tay
        lda     HollyBlock+Holly.totals,x
        sec
        sbc     HollyBlock+Holly.totals,y
        sta     HollyBlock+Holly.net
        EngineLeave
HmG     DS.W    1                       ; 2 * game
HmWon   DS.W    2                       ; games won by each player
        ENDP

; ------------------------------------------------------------------------------------
; GK_HandTerms — what the first upcard fixes for a hand.  JSL, any M/X/DBR.
;   In:  A = the first upcard (Eleven/Ten: the opening discard), X = VARIANT_STANDARD or
;        VARIANT_OKLAHOMA; RulesBlock.spadesDouble, .knockOff.
;   Out: A = the knock limit (Standard 10; Oklahoma: the card's value, an Ace 0 = gin
;        only; knocking off: 0), X = the multiplier (2 when the card is a spade, in
;        Oklahoma or under spades double).  Cost: about 90 cycles.
; ------------------------------------------------------------------------------------
GK_HandTerms PROC EXPORT
        IMPORT  CardBit,CardSuit2,RunDeadwood,RulesBlock
        EngineEnter
        stx     HtVariant
        asl     a
        tax
        ldy     #1                      ; the multiplier
        lda     CardSuit2,x
        cmp     #2*SUIT_SPADES
        bne     @suit
        lda     HtVariant               ; a spade doubles in Oklahoma, and in standard
        ora     RulesBlock+RulesRec.spadesDouble        ; gin under spades double
        beq     @suit
        iny
@suit   lda     HtVariant
        bne     @value
        lda     #STANDARD_KNOCK_LIMIT
        bra     @rules
@value  lda     CardBit,x
        tax
        lda     >RunDeadwood,x          ; a lone card's deadwood = its value
        and     #$00FF
        cmp     #1
        beq     @gin                    ; an Ace: gin only
@rules  ldx     RulesBlock+RulesRec.knockOff
        beq     @limit
@gin    lda     #0                      ; (knocking off: gin only too, Simple Gin)
@limit  tyx
        EngineLeave
HtVariant DS.W  1
        ENDP

        END
