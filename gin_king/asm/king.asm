; king.asm — King's draw and knock: the eighth computer player, beyond the original program
; (docs/personalities.md "King": the strongest player this project built, the Shark of
; before the manual's Shark). He discards by the one-draw look-ahead (KingDiscard in
; remember.asm, Outlook in outlook.asm).
;   Draw: as Sonia does (sonia.asm); when that refuses the upcard, take it anyway iff
;   n after + GIN_DRAW_WORTH n [after > 0] < sum + GIN_DRAW_WORTH (n - gins), after =
;   UpcardAfter, sum and gins = Outlook(H) over the n unseen cards: the upcard leaves less
;   than a card from the stock is expected to.
;   Knock, first rule that applies: Shark's score rules (ScoreKnock, shark.asm: gin, near
;   the win, a shutout); then don't knock with deadwood > KNOCK_MAX[min(oppDraws, 12)]
;   (0 after four draws: gin only); Shark's catch rule (CatchKnock); otherwise one draw
;   ahead: the gin outs are the unseen cards x (the discard counts as in the pile) in a
;   three-card meld with two cards of H for which H + x less its best discard is gin; go
;   for gin iff there are at least 2 outs.
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

GIN_OUTS_TO_WAIT EQU    2               ; go for gin with at least this many outs

; ------------------------------------------------------------------------------------
; KingDraw — the decision and its advice: SoniaDraw's when it takes the upcard; else
;   take:  "Take the u. It will leave your deadwood at <A points>, against an average of
;          <T> from the stock."
;   stock: SoniaDraw's text + " From the stock your deadwood should average <T> points,
;          against <A points> with the u."
;   A = UpcardAfter, T = Tenths(sum, n).
;   In:  PosBlock: hand (10 cards), upcard, firstOffer, pile (with the upcard), oppKnown.
;   Out: DecBlock.choice, text. Clobbers: A, X, Y; AiHand, OlHand, OlUnseen.
;   Cost: SoniaDraw + UpcardAfter + one Outlook: mean 31,700 cycles, worst 65,800 (gin-king
;   bench native); 259,300 for the hill-climbed discard hand less one card (Outlook's worst).
; ------------------------------------------------------------------------------------
KingDraw PROC   EXPORT
        IMPORT  PosBlock,DecBlock,SoniaDraw,UpcardAfter,Unseen,OlUnseen,OlHand,OlGins
        IMPORT  Outlook,CopyHand,CountCards,GinWorth,UMulSmall,Tenths,TxtTenths,TxtReset
        IMPORT  TxtInline,TxtCard,TxtPoints
        jsr     SoniaDraw
        lda     DecBlock+Dec.choice
        beq     @look
        rts                             ; it joins a meld: Sonia's advice stands
@look   jsr     UpcardAfter
        sta     SwAfter
        jsr     Unseen
        ldx     #OlUnseen
        jsr     CountCards
        sta     SwUnseen
        ldx     #PosBlock+Pos.hand
        ldy     #OlHand
        jsr     CopyHand
        jsr     Outlook                 ; A = the sum over the stock's possible cards
        sta     SwSum
        lda     SwUnseen                ; stock = sum + GIN_DRAW_WORTH (n - gins)
        sec
        sbc     OlGins
        jsr     GinWorth
        clc
        adc     SwSum
        sta     SwStock
        lda     SwAfter                 ; taken = n after (+ GIN_DRAW_WORTH n unless gin)
        ldx     SwUnseen
        jsr     UMulSmall
        sta     SwTaken
        lda     SwAfter
        beq     @compare
        lda     SwUnseen
        jsr     GinWorth
        clc
        adc     SwTaken
        sta     SwTaken
@compare lda    SwTaken
        cmp     SwStock
        bcs     @stock
        jsr     TxtReset                ; take it: King's own advice
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Take the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '. It will leave your deadwood at '
        lda     SwAfter
        jsr     TxtPoints
        Say     ', against an average of '
        jsr     @average
        Say     ' from the stock.'
        rts
@stock  Say     ' From the stock your deadwood should average '
        jsr     @average
        Say     ' points, against '
        lda     SwAfter
        jsr     TxtPoints
        Say     ' with the '
        lda     PosBlock+Pos.upcard
        jsr     TxtCard
        Say     '.'
        rts
@average lda    SwSum                   ; T, written "12.4"
        ldx     SwUnseen
        jsr     Tenths
        jmp     TxtTenths
SwAfter DS.W    1                       ; A, the least the upcard leaves
SwUnseen DS.W   1                       ; n
SwSum   DS.W    1
SwStock DS.W    1
SwTaken DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; KingKnock — King's knock and its advice: ScoreKnock's and CatchKnock's (shark.asm) when
;   they decide; else "Don't knock. After <N> draws by <Opp>, a knock with more than
;   <M points> is likely to be undercut." ("1 draw"; when M is 0: "Don't knock. After <N>
;   draws by <Opp>, go for gin or an undercut."); else "Knock. " + ("Only the X would give
;   you gin. " | "No single card would give you gin. ") + KnockingText; or "Don't knock.
;   <N> cards would give you gin: <X, Y and Z>."
;   In: PosBlock: hand (10), pile, discard, oppKnown, scores, myWon, target, oppDraws.
;   Out: DecBlock. Clobbers: A, X, Y. Cost: mean 12,000 cycles, worst 114,800 (up to 31
;   DeadwoodDiscard calls for the gin outs).
; ------------------------------------------------------------------------------------
KingKnock PROC  EXPORT
        IMPORT  PosBlock,DecBlock,CnBestVal,KnockingText,GinOuts,TlMask,TxtNoThe
        IMPORT  TxtInline,TxtPoints,TxtOppName,TxtNum,TxtCardList,ScoreKnock,CatchKnock
        IMPORT  DrawsIndex
        ldy     #KING_RULES
        jsr     ScoreKnock              ; gin, near the win, a shutout
        bcc     @most
        rts
@most   jsr     DrawsIndex              ; deadwood > KNOCK_MAX[min(draws, 12)]: wait
        lda     KnockMaxTable,x
        sta     KkMost
        cmp     CnBestVal
        bcc     @wait
        brl     @catch                  ; deadwood <= the most: he may knock
@wait   Say     'Don''t knock. After '
        lda     PosBlock+Pos.oppDraws
        jsr     TxtNum
        lda     PosBlock+Pos.oppDraws
        cmp     #1
        bne     @draws
        Say     ' draw by '
        bra     @by
@draws  Say     ' draws by '
@by     jsr     TxtOppName
        lda     KkMost                  ; 0: late in the hand only gin knocks
        bne     @limit
        Say     ', go for gin or an undercut.'
        rts
@limit  Say     ', a knock with more than '
        lda     KkMost
        jsr     TxtPoints
        Say     ' is likely to be undercut.'
        rts
@catch  ldy     #KING_RULES
        jsr     CatchKnock              ; the opponent caught with a lot of deadwood
        bcc     @outs
        rts
@outs   jsr     GinOuts                 ; one draw ahead: A = outs, TlMask = them
        sta     KkOuts
        cmp     #GIN_OUTS_TO_WAIT
        bcc     @fewOuts
        Say     'Don''t knock. '        ; go for gin
        lda     KkOuts
        jsr     TxtNum
        Say     ' cards would give you gin: '
        lda     #1
        sta     TxtNoThe
        lda     #CONJ_AND
        jsr     TxtCardList
        Say     '.'
        rts
@fewOuts lda    #1                      ; knock
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        lda     KkOuts
        beq     @noOut
        Say     'Only '
        lda     #CONJ_AND
        jsr     TxtCardList             ; "the X"
        Say     ' would give you gin. '
        jmp     KnockingText
@noOut  Say     'No single card would give you gin. '
        jmp     KnockingText
; the most deadwood he knocks with after that many opponent draws: after four, gin only
; (measured: docs/strength-log.md)
KnockMaxTable DC.W 10,10,10,10,0,0,0,0,0,0,0,0,0
KkMost  DS.W    1
KkOuts  DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; GinOuts — the unseen cards that would give gin at once (PosBlock.hand not gin):
;   unseen = all - hand - pile - discard - oppKnown (Unseen, then the discard out); x
;   counts when it is in a three-card meld with two cards of the hand (NearCards) and
;   DeadwoodDiscard(hand + x) = 0.
;   Out: A = how many, TlMask = them. Clobbers: A, X, Y; OlHand, OlUnseen, OlNear.
;   CnBest... untouched.
; ------------------------------------------------------------------------------------
GinOuts PROC    EXPORT
        IMPORT  PosBlock,TlMask,DwHand,CopyHand,CardFlip,CardIn,DeadwoodDiscard
        IMPORT  Unseen,NearCards,OlHand,OlUnseen,OlNear
        jsr     Unseen
        lda     PosBlock+Pos.discard    ; the discard counts as in the pile
        cmp     #NO_CARD
        beq     @near
        ldy     #OlUnseen
        jsr     CardIn
        beq     @near
        lda     PosBlock+Pos.discard
        ldy     #OlUnseen
        jsr     CardFlip
@near   ldx     #PosBlock+Pos.hand      ; the draws that may meld: unseen and near H
        ldy     #OlHand
        jsr     CopyHand
        jsr     NearCards
        ldx     #Hand.Size-2
@suit   lda     OlNear,x
        and     OlUnseen,x
        sta     GoTry,x
        stz     TlMask,x
        dex
        dex
        bpl     @suit
        stz     GoCount
        stz     GoCard
@x      lda     GoCard
        ldy     #GoTry
        jsr     CardIn
        beq     @next
        ldx     #PosBlock+Pos.hand      ; gin after the best discard of H + x?
        ldy     #DwHand
        jsr     CopyHand
        lda     GoCard
        ldy     #DwHand
        jsr     CardFlip
        jsr     DeadwoodDiscard
        bne     @next
        inc     GoCount
        lda     GoCard
        ldy     #TlMask
        jsr     CardFlip
@next   inc     GoCard
        lda     GoCard
        cmp     #CARDS_IN_DECK
        bcc     @x
        lda     GoCount
        rts
GoTry   DS.B    Hand.Size               ; the unseen cards near the hand
GoCount DS.W    1
GoCard  DS.W    1
        ENDP

        END
