const isPrime=(n:number)=>{for(let d=2;d*d<=n;d++) if(n%d===0) return false; return true;};
const out:number[]=[]; for(let n=67108863;out.length<4;n-=2) if(isPrime(n)) out.push(n); console.log(out);
