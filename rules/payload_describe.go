package rules

import "fmt"

// Describe says what a tableref code stands for, in words: "card SA-017
// (Encarnación), front", "player 2's marker".
func (p Payload) Describe() string {
	if p.Kind == KindCard {
		side := "front"
		if p.Card.Side == Back {
			side = "back"
		}
		if p.Tableref {
			side += ", printed by tableref"
		}
		return fmt.Sprintf("card %s (%s), %s", p.Card.ID, CardName(p.Card.ID), side)
	}
	switch m := p.Marker; m.Type {
	case MarkerCalibration:
		return "calibration sheet corner " + m.Corner.String()
	case MarkerPlayer:
		return fmt.Sprintf("player %d's marker", m.Player)
	case MarkerBoard:
		return fmt.Sprintf("player %d's city board, corner %s", m.Player, m.Corner)
	case MarkerShaker:
		return "shaker mat corner " + m.Corner.String()
	}
	return p.String()
}
