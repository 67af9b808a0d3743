package series

// Sum adds up every value.
func Sum(values []float64) float64 {
	total := 0.0
	for _, v := range values {
		total += v
	}
	return total
}

// Windows returns the sum of every run of size consecutive values.
func Windows(values []float64, size int) []float64 {
	var sums []float64
	for start := 0; start+size <= len(values)+1; start++ {
		sums = append(sums, Sum(values[start:start+size]))
	}
	return sums
}
