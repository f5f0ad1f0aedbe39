package schema_test

import (
	"fmt"

	"github.com/toolparse/toolparse/schema"
)

func ExampleCoerce() {
	type weather struct {
		City string `json:"city"`
		Days int    `json:"days,omitempty"`
		Unit string `json:"unit,omitempty" jsonschema:"enum=celsius,enum=fahrenheit"`
	}
	tool, _ := schema.ToolFor[weather]("get_weather", "Weather by city")
	args, diags := schema.Coerce(tool, `{"city": "Oslo", "days": "3", "unit": "Celsius"}`)
	fmt.Println(args, len(diags))
	_, diags = schema.Coerce(tool, `{"days": 2}`)
	fmt.Println(diags[0].Kind, diags[0].Message)
	// Output:
	// {"city":"Oslo","days":3,"unit":"celsius"} 0
	// schema /: Required property 'city' is missing
}
