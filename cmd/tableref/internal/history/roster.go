package history

import (
	"context"
	"database/sql"
	"fmt"
	"strconv"
	"strings"
)

// A roster is a game's players in one text column, one player a line:
// "SEAT TOTAL WINNER NAME" with the name Go-quoted, so no name can break
// the format. List reads it instead of a row per player.

func roster(ps []Player) string {
	var b strings.Builder
	for i, p := range ps {
		if i > 0 {
			b.WriteByte('\n')
		}
		w := 0
		if p.Winner {
			w = 1
		}
		fmt.Fprintf(&b, "%d %d %d %s", p.Seat, p.Total, w, strconv.Quote(p.Name))
	}
	return b.String()
}

func parseRoster(s string) ([]Player, error) {
	if s == "" {
		return nil, nil
	}
	lines := strings.Split(s, "\n")
	out := make([]Player, 0, len(lines))
	for _, l := range lines {
		f := strings.SplitN(l, " ", 4)
		if len(f) != 4 {
			return nil, fmt.Errorf("roster line %q", l)
		}
		seat, err1 := strconv.Atoi(f[0])
		total, err2 := strconv.Atoi(f[1])
		name, err3 := strconv.Unquote(f[3])
		if err1 != nil || err2 != nil || err3 != nil || (f[2] != "0" && f[2] != "1") {
			return nil, fmt.Errorf("roster line %q", l)
		}
		out = append(out, Player{Seat: seat, Name: name, Total: total, Winner: f[2] == "1"})
	}
	return out, nil
}

// fillRosters writes the roster of every game from its players (schema 4).
func fillRosters(ctx context.Context, tx *sql.Tx) error {
	rows, err := tx.QueryContext(ctx, `SELECT game, seat, name, total, winner FROM players ORDER BY game, seat`)
	if err != nil {
		return err
	}
	byGame := map[string][]Player{}
	var order []string
	for rows.Next() {
		var id string
		var p Player
		if err := rows.Scan(&id, &p.Seat, &p.Name, &p.Total, &p.Winner); err != nil {
			rows.Close()
			return err
		}
		if _, ok := byGame[id]; !ok {
			order = append(order, id)
		}
		byGame[id] = append(byGame[id], p)
	}
	rows.Close()
	if err := rows.Err(); err != nil {
		return err
	}
	for _, id := range order {
		if _, err := tx.ExecContext(ctx, `UPDATE games SET roster = ? WHERE id = ?`, roster(byGame[id]), id); err != nil {
			return err
		}
	}
	return nil
}
