; rules.asm — RulesBlock, the house rules the engine plays by (docs/rules.md "House
; rules", docs/native-abi.md "RulesBlock"). As loaded it holds the manual's game; the
; desktop program or the harness (gin_king/native.py `write_rules`) fills it from the
; game's settings before a game. Read by deadwood.asm (runs around the corner),
; layoff.asm (laying off, knock legality) and scoring.asm (terms, bonuses, the box).

        MACHINE M65816
        CASE    ON
        INCLUDE 'engine.records'

RulesData PROC  EXPORT
        EXPORT  RulesBlock
RulesBlock DC.W RULE_OFF                ; knockOff
        DC.W    RULE_OFF                ; layoffOff
        DC.W    RULE_OFF                ; layoffGin
        DC.W    RULE_OFF                ; corner
        DC.W    RULE_OFF                ; spadesDouble
        DC.W    DEAL_TEN                ; deal
        DC.W    SCORING_SINGLE          ; scoring
        DC.W    GIN_BONUS               ; ginBonus
        DC.W    UNDERCUT_BONUS          ; undercutBonus
        DC.W    BOX_BONUS               ; boxBonus
        DC.W    BOX_EACH                ; box
        DC.W    GAME_BONUS              ; gameBonus
        DC.W    SHUTOUT_DOUBLE          ; shutout
        DC.W    POINTS_PER_GAME         ; points
        ENDP

        END
