package schema_test

import (
	"fmt"

	"github.com/toolparse/toolparse/schema"
)

func ExampleSchema_Coerce() {
	type weather struct {
		City string `json:"city"`
		Days int    `json:"days,omitempty"`
		Unit string `json:"unit,omitempty" jsonschema:"enum=celsius,enum=fahrenheit"`
	}
	tool, _ := schema.ToolFor[weather]("get_weather", "Weather by city")
	args, diags := schema.For(tool).Coerce(`{"city": "Oslo", "days": "3", "unit": "Celsius"}`)
	fmt.Println(args, len(diags))
	_, diags = schema.For(tool).Coerce(`{"days": 2}`)
	fmt.Println(diags[0].Kind, diags[0].Message)
	// Output:
	// {"city":"Oslo","days":3,"unit":"celsius"} 0
	// schema /: Required property 'city' is missing
}
