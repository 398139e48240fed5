; shark.asm — Shark as the manual has him (manual, "Computer Personalities": Shark;
; docs/personalities.md sections 4 and 6): "Although he uses the same drawing strategy and
; discard strategy as Phyllis, he is the only player who is aware of the score". He draws
; with SoniaDraw and discards with PhyllisDiscard (decide.asm's table); his knock is the
; score rules, then the catch rule, then PhyllisKnock. King (king.asm) shares the rules,
; each with his own constants (ScoreRows).
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

; ------------------------------------------------------------------------------------
; ScoreData — the constants of the score rules, a ScoreRules row per player who knows the
;   score (the oracle's KING_SCORE_RULES and SHARK_SCORE_RULES, docs/personalities.md
;   section 4). The catch table is the opponent's mean deadwood after that many draws this
;   hand, measured in Phyllis-vs-Phyllis games.
; ------------------------------------------------------------------------------------
ScoreData PROC EXPORT
        EXPORT  ScoreRows
ScoreRows                               ; KING_RULES
        DC.W    5,40,25                 ;   nearWin, shutoutDanger, catchMargin
        DC.W    54,46,39,33,29,25,21,18,16,14,12,11,10
                                        ; SHARK_RULES (tuned for him: strength-log.md)
        DC.W    8,10,33                 ;   nearWin, shutoutDanger, catchMargin
        DC.W    54,46,39,33,29,25,21,18,16,14,12,11,10
        ENDP

; ------------------------------------------------------------------------------------
; SharkKnock — Shark's knock and its advice: ScoreKnock's, else CatchKnock's, else
;   PhyllisKnock's.
;   In: PosBlock: hand (10), pile, discard, oppKnown, scores, myWon, target, oppDraws.
;   Out: DecBlock. Clobbers: A, X, Y. Cost: ScoreKnock + PhyllisKnock at most: worst
;   about 55,000 cycles (gin-king bench native).
; ------------------------------------------------------------------------------------
SharkKnock PROC EXPORT
        IMPORT  ScoreKnock,CatchKnock,PhyllisKnock
        ldy     #SHARK_RULES
        jsr     ScoreKnock
        bcs     @done
        ldy     #SHARK_RULES
        jsr     CatchKnock
        bcs     @done
        jmp     PhyllisKnock
@done   rts
        ENDP

; ------------------------------------------------------------------------------------
; ScoreKnock — the rules on the score, first that applies: gin; target - mine <=
;   nearWin; no hand won and target - theirs <= shutoutDanger, when a shutout costs
;   something (RulesBlock.shutout: double, or points above 0). Each knocks:
;   "Knock. " + ("" on gin | "You only need <N points> to win. " | "You need to score to
;   avoid a shutout. ") + KnockingText.
;   In: Y = the player's row of ScoreRows (KING_RULES, SHARK_RULES); PosBlock: hand (10),
;   scores, myWon, target. Out: carry set when a rule decided
;   (DecBlock written); carry clear when none applies, with the Canon of the hand made
;   (CnBestVal = its deadwood). Clobbers: A, X, Y. Cost: one Canon + the text.
; ------------------------------------------------------------------------------------
ScoreKnock PROC EXPORT
        IMPORT  PosBlock,DecBlock,CanonOf,KnockingText,TxtInline,TxtPoints,Knocks,RulesBlock
        IMPORT  ScoreRows
        sty     SnRow
        ldx     #PosBlock+Pos.hand
        jsr     CanonOf
        bne     @nearWin
        jsr     Knocks                  ; gin: no reason given
        brl     @text
@nearWin lda    PosBlock+Pos.target     ; target - mine <= nearWin
        sec
        sbc     PosBlock+Pos.myScore
        sta     SnNeed
        bmi     @near
        ldy     SnRow
        cmp     ScoreRows+ScoreRules.nearWin,y
        beq     @near
        bcs     @shutout
@near   jsr     Knocks
        Say     'You only need '
        lda     SnNeed
        jsr     TxtPoints
        Say     ' to win. '
        bra     @text
@shutout lda    RulesBlock+RulesRec.shutout ; a shutout that costs nothing (0 points)
        beq     @none                   ;   is no danger (the oracle's shutout_costs)
        lda     PosBlock+Pos.myWon      ; no hand won, opponent near the target
        bne     @none
        lda     PosBlock+Pos.target     ; target - theirs <= shutoutDanger
        sec
        sbc     PosBlock+Pos.oppScore
        bmi     @shut
        ldy     SnRow
        cmp     ScoreRows+ScoreRules.shutoutDanger,y
        beq     @shut
        bcs     @none
@shut   jsr     Knocks
        Say     'You need to score to avoid a shutout. '
@text   jsr     KnockingText
        sec
        rts
@none   clc
        rts
SnNeed  DS.W    1
SnRow   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; CatchKnock — "If Shark thinks that he can catch you with a lot of deadwood, he will
;   knock immediately": catch[min(oppDraws, 12)] - deadwood >= catchMargin (the row's)
;   knocks, "Knock. <Opp> is likely to be caught with a lot of deadwood. " + KnockingText.
;   In: Y = the player's row of ScoreRows; the last Canon (of PosBlock.hand, as
;   ScoreKnock leaves it), PosBlock.oppDraws.
;   Out: carry set when it knocks (DecBlock written), clear when not. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
CatchKnock PROC EXPORT
        IMPORT  DecBlock,CnBestVal,KnockingText,TxtInline,TxtOppNameCap,DrawsIndex,Knocks
        IMPORT  ScoreRows
        sty     CkRow
        jsr     DrawsIndex              ; X = 2 min(draws, 12); Y kept
        txa
        clc
        adc     CkRow
        tax
        lda     ScoreRows+ScoreRules.catch,x
        sec
        sbc     CnBestVal
        bmi     @no
        cmp     ScoreRows+ScoreRules.catchMargin,y
        bcc     @no
        jsr     Knocks
        jsr     TxtOppNameCap
        Say     ' is likely to be caught with a lot of deadwood. '
        jsr     KnockingText
        sec
        rts
@no     clc
        rts
CkRow   DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; Knocks — DecBlock.choice = 1 and the text "Knock. ". Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
Knocks  PROC    EXPORT
        IMPORT  DecBlock,TxtInline
        lda     #1
        sta     DecBlock+Dec.choice
        Say     'Knock. '
        rts
        ENDP

; ------------------------------------------------------------------------------------
; DrawsIndex — X = 2 min(PosBlock.oppDraws, DRAWS_LAST): an index into a catch table and
;   King's KnockMaxTable. Clobbers: A, X.
; ------------------------------------------------------------------------------------
DrawsIndex PROC EXPORT
        IMPORT  PosBlock
        lda     PosBlock+Pos.oppDraws
        cmp     #DRAWS_LAST
        bcc     @index
        lda     #DRAWS_LAST
@index  asl     a
        tax
        rts
        ENDP

        END
