; remember.asm — the discards of the personalities that remember the cards played: Mort,
; Bernie, Phyllis and Shark (manual, "Computer Personalities"; docs/personalities.md
; sections 3 and 6), and their advice sentences MORT(m, r) and BERNIE(m, r).
;   candidates U = eligible cards that are deadwood in the canonical arrangement of the
;                  11 cards (all eligible cards if none), in scan order
;   Mort:            key (dw_after + 4*|opp|, helpers, live)
;   Bernie:          key (helpers, dw_after)
;   Phyllis:         key (dw_after + 4*helpers + 2*live + 6*|opp|, dw_after)
;   the first strictly best card wins; the runner-up is the best of the rest, first in
;   scan order; the comparison card r is Willy's choice if it differs, else the runner-up.
;   Shark (SharkDiscard): over all eligible cards, key (Outlook(H - c), dw_after): the
;   least expected deadwood after his next draw (outlook.asm); r is the runner-up.
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

; ------------------------------------------------------------------------------------
; MortDiscard, BernieDiscard, PhyllisDiscard — the decisions and advice:
;   Mort:    "Discard the m. " MORT(m, r)
;   Bernie:  "Discard the m. " BERNIE(m, r)
;   Phyllis: "Discard the m. " BERNIE(m, r) " " MORT(m, r)
;   In: PosBlock: hand (11), taken, pile, oppKnown, oppName, oppPronoun.
;   Out: DecBlock.choice, text. Clobbers: A, X, Y.
;   Cost (mean / worst): Mort 52,000 / 73,600; Bernie 50,500 / 70,300; Phyllis 58,600 /
;   80,800 cycles.
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
; SharkDiscard — Shark's one-draw look-ahead discard and its advice:
;   unseen = all - hand - pile - oppKnown (n cards); for every eligible card c, in scan
;   order, key (sum + GIN_DRAW_WORTH * (n - gins), deadwood(H - c)) with sum, gins =
;   Outlook(H - c), smaller better: the first best card m wins, the runner-up r is the
;   first best of the others.
;   "Discard the m. After your next draw your deadwood should average <T(m)> points<G(m)>"
;   + (r and (T(r), gins(r)) != (T(m), gins(m)): ", against <T(r)><G(r)> if you discard
;   the r") + "."  T(c) = Tenths(sum, n), written "12.4"; G = "" (no gin), " (1 card gives
;   gin)", " (<N> cards give gin)".
;   In: PosBlock: hand (11), taken, pile, oppKnown. Out: DecBlock.choice, text.
;   Clobbers: A, X, Y. Cost: 10 or 11 Outlook calls; mean 138,800 cycles, p99 231,300,
;   worst 274,600 (gin-king bench native); about 983,000 for the heaviest hand a hill climb
;   found (two four-of-a-kinds of neighbouring ranks and three low cards).
; ------------------------------------------------------------------------------------
SharkDiscard PROC EXPORT
        IMPORT  PosBlock,DecBlock,ScanOrder,CardIn,CardFlip,CopyHand,CountCards
        IMPORT  Outlook,OlHand,OlUnseen,OlNow,OlGins,Tenths,TxtTenths,TxtInline,TxtCard
        IMPORT  TxtNum,Unseen
        jsr     Unseen                  ; OlUnseen = all - hand - pile - oppKnown
        ldx     #OlUnseen
        jsr     CountCards
        sta     ShUnseen
        lda     #KEY_WORST
        sta     ShBest
        sta     ShBestNow
        sta     ShRun
        sta     ShRunNow
        lda     #NO_CARD
        sta     ShBestCard
        sta     ShRunCard
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
        sta     ShSum
        lda     ShUnseen                ; key = sum + GIN_DRAW_WORTH * (n - gins),
        sec                             ;   GIN_DRAW_WORTH = 40 = 32 + 8
        sbc     OlGins
        asl     a
        asl     a
        asl     a
        sta     ShKey                   ; 8 (n - gins)
        asl     a
        asl     a                       ; 32 (n - gins)
        clc
        adc     ShKey
        clc
        adc     ShSum
        sta     ShKey
        cmp     ShBest                  ; (key, now) < the best's?
        bne     @vsBest
        lda     OlNow
        cmp     ShBestNow
@vsBest bcs     @notBest
        lda     ShBest                  ; the runner-up := the old best (earlier in the
        sta     ShRun                   ; scan, so first among equal keys)
        lda     ShBestNow
        sta     ShRunNow
        lda     ShBestCard
        sta     ShRunCard
        lda     ShBestSum
        sta     ShRunSum
        lda     ShBestGins
        sta     ShRunGins
        lda     ShKey                   ; the best := this card
        sta     ShBest
        lda     OlNow
        sta     ShBestNow
        lda     ShCard
        sta     ShBestCard
        lda     ShSum
        sta     ShBestSum
        lda     OlGins
        sta     ShBestGins
        bra     @next
@notBest lda    ShKey                   ; (key, now) < the runner-up's?
        cmp     ShRun
        bne     @vsRun
        lda     OlNow
        cmp     ShRunNow
@vsRun  bcs     @next
        lda     ShKey                   ; the runner-up := this card
        sta     ShRun
        lda     OlNow
        sta     ShRunNow
        lda     ShCard
        sta     ShRunCard
        lda     ShSum
        sta     ShRunSum
        lda     OlGins
        sta     ShRunGins
@next   ldx     ShIndex
        inx
        cpx     #CARDS_IN_DECK
        bcs     @scanned
        jmp     @scan
@scanned lda    ShBestCard
        sta     DecBlock+Dec.choice
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. After your next draw your deadwood should average '
        lda     ShBestSum
        ldx     ShUnseen
        jsr     Tenths
        sta     ShTenths
        jsr     TxtTenths
        Say     ' points'
        lda     ShBestGins
        jsr     @gins
        lda     ShRunCard
        cmp     #NO_CARD
        beq     @end
        lda     ShRunSum
        ldx     ShUnseen
        jsr     Tenths
        sta     ShRunTenths
        cmp     ShTenths                ; written the same: leave it out
        bne     @against
        lda     ShRunGins
        cmp     ShBestGins
        beq     @end
@against Say    ', against '
        lda     ShRunTenths
        jsr     TxtTenths
        lda     ShRunGins
        jsr     @gins
        Say     ' if you discard the '
        lda     ShRunCard
        jsr     TxtCard
@end    Say     '.'
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
ShSum   DS.W    1
ShKey   DS.W    1
ShBest  DS.W    1                       ; the best: key, now, card, sum, gins
ShBestNow DS.W  1
ShBestCard DS.W 1
ShBestSum DS.W  1
ShBestGins DS.W 1
ShRun   DS.W    1                       ; the runner-up's, the same five words
ShRunNow DS.W   1
ShRunCard DS.W  1
ShRunSum DS.W   1
ShRunGins DS.W  1
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
        IMPORT  MinDwDiscard,TxtInline,TxtCard,CardFlip
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
        lda     #KEY_WORST
        sta     RdBest
        sta     RdRun
        lda     #NO_CARD
        sta     RdBestCard
        sta     RdRunCard
        ldx     #0
@scan   stx     RdIndex
        lda     ScanOrder,x
        and     #$00FF
        sta     RdCard
        ldy     #RdCand
        jsr     CardIn
        beq     @next
        lda     RdCard
        jsr     DwAfter
        sta     RdDw
        lda     RdCard
        jsr     Measure
        ldx     RdKey
        jsr     (KeyTable,x)            ; RdKeyCur = this card's key
        ldx     #0                      ; better than the best?
        jsr     KeyCompareBest
        bcs     @notBest
        ldx     #0                      ; the old best may become the runner-up
        jsr     KeyBestVsRunner
        bcc     @keepRunner             ; the runner-up is strictly better: keep it
        ldx     #4
@moveBest lda   RdBest,x                ; runner := best
        sta     RdRun,x
        dex
        dex
        bpl     @moveBest
        lda     RdBestCard
        sta     RdRunCard
@keepRunner ldx #4
@setBest lda    RdKeyCur,x              ; best := this card
        sta     RdBest,x
        dex
        dex
        bpl     @setBest
        lda     RdCard
        sta     RdBestCard
        bra     @next
@notBest jsr    KeyCompareRunner        ; strictly better than the runner-up?
        bcs     @next
        ldx     #4
@setRun lda     RdKeyCur,x
        sta     RdRun,x
        dex
        dex
        bpl     @setRun
        lda     RdCard
        sta     RdRunCard
@next   ldx     RdIndex
        inx
        cpx     #CARDS_IN_DECK
        bcs     @scanned
        jmp     @scan
@scanned
        lda     RdBestCard
        sta     DecBlock+Dec.choice
        jsr     MinDwDiscard            ; r = Willy's choice if it differs,
        cmp     DecBlock+Dec.choice
        bne     @haveR
        lda     RdRunCard               ;     else the runner-up (or none)
@haveR  sta     RdCompare
        Say     'Discard the '
        lda     DecBlock+Dec.choice
        jsr     TxtCard
        Say     '. '
        rts

; KeyCompareBest — carry clear when RdKeyCur < RdBest (three words, lexicographic).
KeyCompareBest ldx #0
@w      lda     RdKeyCur,x
        cmp     RdBest,x
        bne     @decided
        inx
        inx
        cpx     #6
        bcc     @w
        sec                             ; equal: not better
@decided rts

; KeyCompareRunner — carry clear when RdKeyCur < RdRun.
KeyCompareRunner ldx #0
@w      lda     RdKeyCur,x
        cmp     RdRun,x
        bne     @decided
        inx
        inx
        cpx     #6
        bcc     @w
        sec
@decided rts

; KeyBestVsRunner — carry set when RdBest <= RdRun (the old best, earlier in the scan,
; wins a tie).
KeyBestVsRunner ldx #0
@w      lda     RdRun,x
        cmp     RdBest,x
        bne     @decided                ; carry set: runner > best... or clear: runner < best
        inx
        inx
        cpx     #6
        bcc     @w
        sec                             ; equal keys: the best (earlier) wins
@decided rts

; The keys, by RdKey: each fills RdKeyCur (three words) from the measures and RdDw.
KeyTable DC.W   KeyMort,KeyBernie,KeyPhyllis

KeyMort lda     MsOppCount              ; (dw_after + 4 |opp|, helpers, live)
        asl     a                       ; 4 = the oracle's MORT_PARTNER_PRICE
        asl     a
        clc
        adc     RdDw
        sta     RdKeyCur
        lda     MsHelpers
        sta     RdKeyCur+2
        lda     MsLive
        sta     RdKeyCur+4
        rts

KeyBernie lda   MsHelpers               ; (helpers, dw_after)
        sta     RdKeyCur
        lda     RdDw
        sta     RdKeyCur+2
        stz     RdKeyCur+4
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
        sta     RdKeyCur
        lda     RdDw
        sta     RdKeyCur+2
        stz     RdKeyCur+4
        rts

RdWeighted DS.W 1
RdKey   DS.W    1
RdIndex DS.W    1
RdCard  DS.W    1
RdDw    DS.W    1
RdElig  DS.B    Hand.Size
RdCand  DS.B    Hand.Size
RdKeyCur DS.W   3
RdBest  DS.W    3
RdRun   DS.W    3
RdBestCard DS.W 1
RdRunCard DS.W  1
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
        IMPORT  TxtInline,TxtCard,TxtNum,TxtCardList,TxtOppName,TxtPronoun
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
        jsr     TxtOppName
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
        jsr     TxtOppName
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
