package config

import (
	"reflect"
	"testing"
)

// Loading a file that is not there says so: it never hands back a Config as if all were well.
// Called through reflect, so the test compiles whether Load returns an error or not.
func TestReproductionMissingFile(t *testing.T) {
	results := reflect.ValueOf(Load).Call([]reflect.Value{reflect.ValueOf("no-such-file.json")})
	last := results[len(results)-1]
	if err, ok := last.Interface().(error); ok && err != nil {
		return
	}
	t.Fatalf("Load of a missing file gives %+v and no error", results[0].Interface())
}
