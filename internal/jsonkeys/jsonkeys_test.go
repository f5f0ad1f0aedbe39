package jsonkeys

import (
	"reflect"
	"testing"
)

func TestProperties(t *testing.T) {
	tests := []struct {
		name   string
		schema string
		want   []string
	}{
		{"declared order is kept", `{"type":"object","properties":{"z":{"type":"string"},"a":{"type":"object","properties":{"inner":{}}},"m":{}}}`, []string{"z", "a", "m"}},
		{"properties after other keys", `{"required":["b"],"properties":{"b":{},"a":{}}}`, []string{"b", "a"}},
		{"no properties", `{"type":"object"}`, nil},
		{"not JSON", `{"properties":`, nil},
		{"not an object", `[1]`, nil},
		{"empty", ``, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := Properties([]byte(tt.schema)); !reflect.DeepEqual(got, tt.want) {
				t.Errorf("Properties = %v, want %v", got, tt.want)
			}
		})
	}
}
