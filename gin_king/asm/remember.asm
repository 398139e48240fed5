; remember.asm — the discards of the personalities that remember the cards played: Mort,
; Bernie, Phyllis (also Shark's) and King (manual, "Computer Personalities"; docs/personalities.md
; sections 3 and 6), and their advice sentences MORT(m, r) and BERNIE(m, r).
;   candidates U = eligible cards that are deadwood in the canonical arrangement of the
;                  11 cards (all eligible cards if none), in scan order
;   Mort:            key (dw_after + 4*|opp|, helpers, live)
;   Bernie:          key (helpers, dw_after)
;   Phyllis:         key (dw_after + 4*helpers + 2*live + 6*|opp|, dw_after)
;   the first strictly best card wins; the runner-up is the best of the rest, first in
;   scan order; the comparison card r is Willy's choice if it differs, else the runner-up.
;   King (KingDiscard): over all eligible cards, key (Outlook(H - c) + danger(c),
;   dw_after): the least expected deadwood after his next draw (outlook.asm), plus what
;   the card may give the opponent; r is the runner-up.
; Internal routines: M=16, X=16, DBR = this bank.

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'
        INCLUDE 'engine.macros'

KEY_MORT        EQU     0               ; RememberDiscard: which key (KeyTable index)
KEY_BERNIE      EQU     2
KEY_PHYLLIS     EQU     4
PHYLLIS_HELPER_WEIGHT EQU 4             ; a helping card is worth 4 points of deadwood
KEY_WORST       EQU     $FFFF           ; above any key word
KEY_WORDS       EQU     3               ; words of a Place key
DANGER_WEIGHT   EQU     5               ; King: points per meld the opponent may make

; one entry of a Podium: a key (compared word by word, smaller better) and what the
; text needs of the card that made it
Place   RECORD  0
key     DS.W    KEY_WORDS
card    DS.W    1
sum     DS.W    1                       ; King: the Outlook sum
gins    DS.W    1                       ; King: the draws that give gin
danger  DS.W    1                       ; King: the danger points
Size    EQU     *
        ENDR

; ------------------------------------------------------------------------------------
; Podium — the best and the runner-up of a discard scan, as the oracle's pick(): the
;   first card with the least key is the best; the runner-up is the first least of the
;   others (a tie keeps the earlier card, so both moves need a strictly smaller key).
;   PodiumClear: both places empty (keys KEY_WORST, cards NO_CARD).
;   PodiumEnter: PdCur (a Place) enters; the old best drops to runner-up when PdCur
;   beats it (best <= runner-up always holds, so it is the first least of the others).
;   Clobbers: A, X, Y. Cost: PodiumClear about 100 cycles; PodiumEnter at most about 320
;   (two key compares and a seven-word move).
; ------------------------------------------------------------------------------------
Podium  PROC    EXPORT
        EXPORT  PodiumClear,PodiumEnter,PdCur,PdBest,PdRun
PodiumClear lda #KEY_WORST
        ldx     #KEY_WORDS*2-2
@key    sta     PdBest+Place.key,x
        sta     PdRun+Place.key,x
        dex
        dex
        bpl     @key
        lda     #NO_CARD
        sta     PdBest+Place.card
        sta     PdRun+Place.card
        rts

PodiumEnter ldx #0                      ; better than the best?
        jsr     CurLess
        bcs     @notBest
        ldx     #Place.Size-2           ; runner-up := best, best := PdCur
@best   lda     PdBest,x
        sta     PdRun,x
        lda     PdCur,x
        sta     PdBest,x
        dex
        dex
        bpl     @best
        rts
@notBest ldx    #PdRun-PdBest           ; better than the runner-up?
        jsr     CurLess
        bcs     @done
        ldx     #Place.Size-2           ; runner-up := PdCur
@run    lda     PdCur,x
        sta     PdRun,x
        dex
        dex
        bpl     @run
@done   rts

; CurLess — carry clear when PdCur's key < the key of the place at PdBest + X.
CurLess ldy     #0
@word   lda     PdCur+Place.key,y
        cmp     PdBest+Place.key,x
        bne     @decided
        inx
        inx
        iny
        iny
        cpy     #KEY_WORDS*2
        bcc     @word
        sec                             ; equal: not less
@decided rts

PdCur   DS.B    Place.Size
PdBest  DS.B    Place.Size              ; PdRun follows: CurLess reaches it from PdBest
PdRun   DS.B    Place.Size
        ENDP

; ------------------------------------------------------------------------------------
; MortDiscard, BernieDiscard, PhyllisDiscard — the decisions and advice:
;   Mort:    "Discard the m. " MORT(m, r)
;   Bernie:  "Discard the m. " BERNIE(m, r)
;   Phyllis: "Discard the m. " BERNIE(m, r) " " MORT(m, r)
;   In: PosBlock: hand (11), taken, pile, oppKnown, oppName, oppPronoun.
;   Out: DecBlock.choice, text. Clobbers: A, X, Y.
;   Cost (mean / worst): Mort 52,400 / 74,100; Bernie 50,900 / 70,900; Phyllis 59,100 /
;   81,200 cycles.
; ------------------------------------------------------------------------------------
MortDiscard PROC EXPORT
        IMPORT  RememberDiscard,MortText
        ldx     #KEY_MORT
        jsr     RememberDiscard
        jmp     MortText
        ENDP

BernieDiscard PROC EXPORT
        IMPORT  RememberDiscard,BernieText
        ldx     #KEY_BERNIE
        jsr     RememberDiscard
        jmp     BernieText
        ENDP

PhyllisDiscard PROC EXPORT
        IMPORT  RememberDiscard,BernieMortText
        ldx     #KEY_PHYLLIS
        jsr     RememberDiscard
        jmp     BernieMortText
        ENDP

; BernieMortText — Phyllis's reason: BERNIE(m, r) " " MORT(m, r).
BernieMortText PROC EXPORT
        IMPORT  BernieText,MortText,TxtInline
        jsr     BernieText
        Say     ' '
        jmp     MortText
        ENDP

; ------------------------------------------------------------------------------------
; KingDiscard — King's one-draw look-ahead discard and its advice:
;   unseen = all - hand - pile - oppKnown (n cards); k = HAND_SIZE - |oppKnown|; for every
;   eligible card c, in scan order, key (LOOK_WEIGHT (sum + GIN_DRAW_WORTH (n - gins)) +
;   NOW_WEIGHT n now + KEY_SCALE danger, now) with sum, gins, now = Outlook(H - c) (now =
;   deadwood(H - c)) and danger = DANGER_WEIGHT (two n + one k) + DANGER_WEIGHT none k k / n
;   over c's live melds by known opponent partners (Measure: MsLive2, MsLive1, the rest);
;   LOOK_WEIGHT 4, NOW_WEIGHT 1, KEY_SCALE 5; key < 32,800, one word. Smaller better: the
;   first best card m wins, the runner-up r is the first best of the others.
;   "Discard the m. After your next draw your deadwood should average <T(m)> points<G(m)>"
;   + (r and (T(r), gins(r)) != (T(m), gins(m)): ", against <T(r)><G(r)> if you discard
;   the r" + (danger(r) > danger(m): ", which <Opp> is likelier to use" | now(r) > now(m):
;   ", which leaves you more deadwood if <Opp> knocks first" (Simple Gin, RulesBlock
;   .knockOff: "goes gin first"))) + "."
;   T(c) = Tenths(sum, n), written "12.4"; G = "" (no gin), " (1 card gives gin)", " (<N>
;   cards give gin)".
;   In: PosBlock: hand (11), taken, pile, oppKnown. Out: DecBlock.choice, text.
;   Clobbers: A, X, Y. Cost: 10 or 11 Outlook and Measure calls; mean 177,900 cycles,
;   p99 266,700, worst 318,000 (gin-king bench native); about 1,037,000 for the heaviest hand
;   a hill climb found (two four-of-a-kinds of neighbouring ranks and three low cards).
; ------------------------------------------------------------------------------------
KingDiscard PROC EXPORT
        IMPORT  PosBlock,DecBlock,ScanOrder,CardIn,CardFlip,CopyHand,CountCards
        IMPORT  Outlook,OlHand,OlUnseen,OlNow,OlGins,Tenths,TxtTenths,TxtInline,TxtCard
        IMPORT  TxtNum,Unseen,PodiumClear,PodiumEnter,PdCur,PdBest,PdRun,TxtOppName
        IMPORT  Measure,MsHand,MsPile,MsLive,MsLive1,MsLive2,UDiv16,GinWorth,UMulSmall
        IMPORT  RulesBlock
        jsr     Unseen                  ; OlUnseen = all - hand - pile - oppKnown
        ldx     #OlUnseen
        jsr     CountCards
        sta     ShUnseen
        ldx     #PosBlock+Pos.hand      ; Measure sees the 11 cards and the pile
        ldy     #MsHand
        jsr     CopyHand
        ldx     #PosBlock+Pos.pile
        ldy     #MsPile
        jsr     CopyHand
        ldx     #PosBlock+Pos.oppKnown  ; k = HAND_SIZE - known opponent cards, >= 0
        jsr     CountCards
        sta     ShHeld
        lda     #HAND_SIZE
        sec
        sbc     ShHeld
        bpl     @held0
        lda     #0
@held0  sta     ShHeld
        ldx     ShHeld                  ; DANGER_WEIGHT k k
        jsr     UMulSmall
        jsr     @times5
        sta     ShWeightK2
        jsr     PodiumClear
        stz     PdCur+Place.key+4       ; the key is two words here
        ldx     #0                      ; x = position in the scan order
@scan   stx     ShIndex
        lda     ScanOrder,x
        and     #$00FF
        sta     ShCard
        cmp     PosBlock+Pos.taken      ; the card just taken may not go back
        beq     @skip
        ldy     #PosBlock+Pos.hand
        jsr     CardIn
        bne     @held
@skip   brl     @next
@held   ldx     #PosBlock+Pos.hand      ; H - c
        ldy     #OlHand
        jsr     CopyHand
        lda     ShCard
        ldy     #OlHand
        jsr     CardFlip
        jsr     Outlook                 ; A = the sum, OlGins, OlNow = deadwood(H - c)
        sta     PdCur+Place.sum
        lda     OlGins
        sta     PdCur+Place.gins
        lda     ShUnseen                ; key = LOOK_WEIGHT (sum + GIN_DRAW_WORTH
        sec                             ;   (n - gins)), LOOK_WEIGHT = 4
        sbc     OlGins
        jsr     GinWorth
        clc
        adc     PdCur+Place.sum
        asl     a
        asl     a
        sta     PdCur+Place.key
        lda     OlNow                   ; + NOW_WEIGHT n now, NOW_WEIGHT = 1
        sta     PdCur+Place.key+2       ;   (then deadwood(H - c) alone)
        ldx     ShUnseen
        jsr     UMulSmall
        clc
        adc     PdCur+Place.key
        sta     PdCur+Place.key
        jsr     @danger                 ; + KEY_SCALE x the danger points of c
        sta     PdCur+Place.danger
        jsr     @times5
        clc
        adc     PdCur+Place.key
        sta     PdCur+Place.key
        lda     ShCard
        sta     PdCur+Place.card
        jsr     PodiumEnter
@next   ldx     ShIndex
        inx
        cpx     #CARDS_IN_DECK
        bcs     @scanned
        jmp     @scan
@scanned lda    PdBest+Place.card
        sta     DecBlock+Dec.choice
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. After your next draw your deadwood should average '
        lda     PdBest+Place.sum
        ldx     ShUnseen
        jsr     Tenths
        sta     ShTenths
        jsr     TxtTenths
        Say     ' points'
        lda     PdBest+Place.gins
        jsr     @gins
        lda     PdRun+Place.card
        cmp     #NO_CARD
        beq     @end
        lda     PdRun+Place.sum
        ldx     ShUnseen
        jsr     Tenths
        sta     ShRunTenths
        cmp     ShTenths                ; written the same: leave it out
        bne     @against
        lda     PdRun+Place.gins
        cmp     PdBest+Place.gins
        beq     @end
@against Say    ', against '
        lda     ShRunTenths
        jsr     TxtTenths
        lda     PdRun+Place.gins
        jsr     @gins
        Say     ' if you discard the '
        lda     PdRun+Place.card
        jsr     TxtCard
        jsr     @why
@end    Say     '.'
        rts
; @why — what else speaks against the runner-up: the likelier card for the opponent to
;   meld, or else the one that leaves more deadwood now.
@why    lda     PdBest+Place.danger
        cmp     PdRun+Place.danger
        bcs     @nowMore
        Say     ', which '
        jsr     TxtOppName
        Say     ' is likelier to use'
        rts
@nowMore lda    PdBest+Place.key+2      ; the key's second word: deadwood(H - c)
        cmp     PdRun+Place.key+2
        bcs     @noWhy
        Say     ', which leaves you more deadwood if '
        jsr     TxtOppName
        lda     RulesBlock+RulesRec.knockOff
        bne     @ginFirst
        Say     ' knocks first'
@noWhy  rts
@ginFirst Say   ' goes gin first'       ; Simple Gin: only gin ends the hand
        rts
; @danger — A = the danger points of ShCard (the oracle's danger_points):
;   DANGER_WEIGHT (MsLive2 n + MsLive1 k) + (DANGER_WEIGHT k k none) / n, where none =
;   MsLive - MsLive1 - MsLive2 are the live melds with no known partner. Cost: Measure
;   + at most about 1,500 cycles.
@danger lda     ShCard
        jsr     Measure
        lda     MsLive2                 ; both partners known: n each
        ldx     ShUnseen
        jsr     UMulSmall
        sta     ShDanger
        lda     MsLive1                 ; one known: k each
        ldx     ShHeld
        jsr     UMulSmall
        clc
        adc     ShDanger
        jsr     @times5
        sta     ShDanger
        lda     MsLive                  ; none known: k k / n each
        sec
        sbc     MsLive1
        sec
        sbc     MsLive2
        beq     @dDone
        tax
        lda     ShWeightK2
        jsr     UMulSmall
        ldx     ShUnseen
        jsr     UDiv16
        clc
        adc     ShDanger
        sta     ShDanger
@dDone  lda     ShDanger
        rts
; @times5 — A = 5 A = 4 A + A: DANGER_WEIGHT and KEY_SCALE are both 5.
@times5 sta     ShFactor
        asl     a
        asl     a
        clc
        adc     ShFactor
        rts
@gins   cmp     #0                      ; A = gins: "", " (1 card gives gin)",
        beq     @noGin                  ;   " (<N> cards give gin)"
        cmp     #1
        bne     @many
        Say     ' (1 card gives gin)'
@noGin  rts
@many   pha
        Say     ' ('
        pla
        jsr     TxtNum
        Say     ' cards give gin)'
        rts
ShUnseen DS.W   1                       ; n, the unseen cards
ShIndex DS.W    1
ShCard  DS.W    1
ShHeld  DS.W    1                       ; k, the opponent's cards not known
ShWeightK2 DS.W 1                       ; DANGER_WEIGHT k k
ShDanger DS.W   1
ShFactor DS.W   1
ShTenths DS.W   1                       ; T(m), T(r)
ShRunTenths DS.W 1
        ENDP

; ------------------------------------------------------------------------------------
; RememberDiscard — choose the discard by key X; write "Discard the m. ".
;   Out: DecBlock.choice = m; RdCompare = r or NO_CARD; MsHand/MsPile set for the
;        measures of the text. Clobbers: A, X, Y. Cost: 11 x (Measure + Deadwood).
; ------------------------------------------------------------------------------------
RememberDiscard PROC EXPORT
        IMPORT  PosBlock,DecBlock,AiHand,CopyHand,CanonOf,CnDead,CardIn,DwAfter
        IMPORT  ScanOrder,Measure,MsHand,MsPile,MsLive,MsOppCount,MsHelpers
        IMPORT  MinDwDiscard,TxtInline,TxtCard,CardFlip,PodiumClear,PodiumEnter,PdCur,PdBest
        IMPORT  PdRun
        EXPORT  RdCompare
        stx     RdKey
        ldx     #PosBlock+Pos.hand      ; the measures see the 11 cards and the pile
        ldy     #MsHand
        jsr     CopyHand
        ldx     #PosBlock+Pos.pile
        ldy     #MsPile
        jsr     CopyHand
        ldx     #PosBlock+Pos.hand      ; eligible = hand - taken
        ldy     #RdElig
        jsr     CopyHand
        lda     PosBlock+Pos.taken
        cmp     #NO_CARD
        beq     @canon
        ldy     #RdElig
        jsr     CardFlip
@canon  ldx     #PosBlock+Pos.hand      ; U = eligible deadwood cards of the canonical
        jsr     CanonOf                 ;     arrangement, or all eligible cards
        ldx     #Hand.Size-2
        lda     #0
@u      pha
        lda     CnDead,x
        and     RdElig,x
        sta     RdCand,x
        ora     1,s
        sta     1,s
        pla
        dex
        dex
        bpl     @u
        tax
        bne     @scanStart
        ldx     #RdElig
        ldy     #RdCand
        jsr     CopyHand
@scanStart ldx  #PosBlock+Pos.hand      ; dw_after works on AiHand = the 11 cards
        ldy     #AiHand
        jsr     CopyHand
        jsr     PodiumClear
        ldx     #0
@scan   stx     RdIndex
        lda     ScanOrder,x
        and     #$00FF
        sta     RdCard
        ldy     #RdCand
        jsr     CardIn
        beq     @next
        lda     RdCard
        sta     PdCur+Place.card
        jsr     DwAfter
        sta     RdDw
        lda     RdCard
        jsr     Measure
        ldx     RdKey
        jsr     (KeyTable,x)            ; PdCur's key = this card's
        jsr     PodiumEnter
@next   ldx     RdIndex
        inx
        cpx     #CARDS_IN_DECK
        bcs     @scanned
        jmp     @scan
@scanned
        lda     PdBest+Place.card
        sta     DecBlock+Dec.choice
        jsr     MinDwDiscard            ; r = Willy's choice if it differs,
        cmp     DecBlock+Dec.choice
        bne     @haveR
        lda     PdRun+Place.card        ;     else the runner-up (or none)
@haveR  sta     RdCompare
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. '
        rts

; The keys, by RdKey: each fills PdCur's key from the measures and RdDw.
KeyTable DC.W   KeyMort,KeyBernie,KeyPhyllis

KeyMort lda     MsOppCount              ; (dw_after + 4 |opp|, helpers, live)
        asl     a                       ; 4 = the oracle's MORT_PARTNER_PRICE
        asl     a
        clc
        adc     RdDw
        sta     PdCur+Place.key
        lda     MsHelpers
        sta     PdCur+Place.key+2
        lda     MsLive
        sta     PdCur+Place.key+4
        rts

KeyBernie lda   MsHelpers               ; (helpers, dw_after)
        sta     PdCur+Place.key
        lda     RdDw
        sta     PdCur+Place.key+2
        stz     PdCur+Place.key+4
        rts

KeyPhyllis ldx  #PHYLLIS_HELPER_WEIGHT  ; (dw + W helpers + 2 live + 6 |opp|, dw_after)
        lda     #0
@times  clc
        adc     MsHelpers
        dex
        bne     @times
        sta     RdWeighted
        lda     MsOppCount
        asl     a
        adc     MsOppCount              ; 3 |opp|  (carry clear: small numbers)
        adc     MsLive
        asl     a                       ; 6 |opp| + 2 live
        adc     RdWeighted
        adc     RdDw
        sta     PdCur+Place.key
        lda     RdDw
        sta     PdCur+Place.key+2
        stz     PdCur+Place.key+4
        rts

RdWeighted DS.W 1
RdKey   DS.W    1
RdIndex DS.W    1
RdCard  DS.W    1
RdDw    DS.W    1
RdElig  DS.B    Hand.Size
RdCand  DS.B    Hand.Size
RdCompare DS.W  1
        ENDP

; ------------------------------------------------------------------------------------
; BernieText — BERNIE(m, r), k = helpers(m):
;   "<No cards|Only 1 card|Only k cards> will help the m in your hand"
;   + (r and helpers(r) > k: ", compared with <1 card|j cards> that will help the r")
;   + "."
;   In: DecBlock.choice = m, RdCompare = r, MsHand/MsPile. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
BernieText PROC EXPORT
        IMPORT  DecBlock,RdCompare,Measure,MsHelpers,TxtInline,TxtCard,TxtNum
        stz     BtHelpR
        lda     RdCompare
        cmp     #NO_CARD
        beq     @m
        jsr     Measure
        lda     MsHelpers
        sta     BtHelpR
@m      lda     DecBlock+Dec.choice
        jsr     Measure
        lda     MsHelpers
        sta     BtHelpM
        bne     @some
        Say     'No cards'
        bra     @help
@some   cmp     #1
        bne     @many
        Say     'Only 1 card'
        bra     @help
@many   Say     'Only '
        lda     BtHelpM
        jsr     TxtNum
        Say     ' cards'
@help   Say     ' will help the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     ' in your hand'
        lda     RdCompare
        cmp     #NO_CARD
        beq     @end
        lda     BtHelpR
        cmp     BtHelpM
        beq     @end
        bcc     @end
        Say     ', compared with '
        lda     BtHelpR
        cmp     #1
        bne     @rMany
        Say     '1 card'
        bra     @rThat
@rMany  jsr     TxtNum
        Say     ' cards'
@rThat  Say     ' that will help the '
        lda     RdCompare
        jsr     TxtCard
@end    Say     '.'
        rts
BtHelpM DS.W    1
BtHelpR DS.W    1
        ENDP

; ------------------------------------------------------------------------------------
; MortText — MORT(m, r), first that applies:
;   1. live(m) = 0: "<Opp> does not have <dead partners of m, or-list>, so <he> can't use
;      the m."
;   2. |opp(r)| > |opp(m)|: "<Opp> is holding <opp(r), and-list>, so the m is a better
;      discard than the r."
;   3. live(r) > live(m): "There <is only 1 missing meld|are only n missing melds> that can
;      be formed by <Opp> with the m, compared with <1 meld|N melds> with the r."
;   4. "There <is 1 missing meld|are n missing melds> that can be formed by <Opp> with
;      the m."
;   In: DecBlock.choice = m, RdCompare = r, MsHand/MsPile. Clobbers: A, X, Y.
; ------------------------------------------------------------------------------------
MortText PROC   EXPORT
        IMPORT  DecBlock,RdCompare,Measure,MsLive,MsOpp,MsOppCount,MsDead,TlMask,CopyHand
        IMPORT  TxtInline,TxtCard,TxtNum,TxtCardList,TxtOppName,TxtOppNameCap,TxtPronoun
        lda     RdCompare               ; r's measures first (m's stay in Ms... after)
        cmp     #NO_CARD
        beq     @m
        jsr     Measure
        lda     MsLive
        sta     MtLiveR
        lda     MsOppCount
        sta     MtOppR
        ldx     #MsOpp
        ldy     #MtOppMaskR
        jsr     CopyHand
@m      lda     DecBlock+Dec.choice
        jsr     Measure
        lda     MsLive                  ; 1. no live meld
        bne     @rule2
        jsr     TxtOppNameCap
        Say     ' does not have '
        ldx     #MsDead
        ldy     #TlMask
        jsr     CopyHand
        lda     #CONJ_OR
        jsr     TxtCardList
        Say     ', so '
        jsr     TxtPronoun
        Say     ' can''t use the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '.'
        rts
@rule2  lda     RdCompare
        cmp     #NO_CARD
        bne     @rule2r
        jmp     @rule4
@rule2r lda     MtOppR                  ; 2. r has more known opponent partners
        cmp     MsOppCount
        beq     @rule3
        bcc     @rule3
        jsr     TxtOppNameCap
        Say     ' is holding '
        ldx     #MtOppMaskR
        ldy     #TlMask
        jsr     CopyHand
        lda     #CONJ_AND
        jsr     TxtCardList
        Say     ', so the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     ' is a better discard than the '
        lda     RdCompare
        jsr     TxtCard
        Say     '.'
        rts
@rule3  lda     MtLiveR                 ; 3. r has more live melds
        cmp     MsLive
        beq     @toRule4
        bcs     @rule3r
@toRule4 jmp    @rule4
@rule3r
        lda     MsLive
        cmp     #1
        bne     @only
        Say     'There is only 1 missing meld'
        bra     @formed3
@only   Say     'There are only '
        lda     MsLive
        jsr     TxtNum
        Say     ' missing melds'
@formed3 Say    ' that can be formed by '
        jsr     TxtOppName
        Say     ' with the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     ', compared with '
        lda     MtLiveR
        cmp     #1
        bne     @rMelds
        Say     '1 meld'
        bra     @withR
@rMelds jsr     TxtNum
        Say     ' melds'
@withR  Say     ' with the '
        lda     RdCompare
        jsr     TxtCard
        Say     '.'
        rts
@rule4  lda     MsLive                  ; 4. the plain count
        cmp     #1
        bne     @are
        Say     'There is 1 missing meld'
        bra     @formed4
@are    Say     'There are '
        lda     MsLive
        jsr     TxtNum
        Say     ' missing melds'
@formed4 Say    ' that can be formed by '
        jsr     TxtOppName
        Say     ' with the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '.'
        rts
MtLiveR DS.W    1
MtOppR  DS.W    1
MtOppMaskR DS.B Hand.Size
        ENDP

        END
