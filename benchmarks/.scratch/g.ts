console.log(typeof gc)
