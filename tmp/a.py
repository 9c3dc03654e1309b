# rlc-series: state-space model from sysgraph (general formulation, states b1)
# x~' = A x~ + B u,  y = C x~ + D u + E u',  x = x~ + Bd u;  parameters in the dict p
import numpy as np
try:
    import control
except ImportError:  # python-control is optional: the arrays are the model
    control = None
p = {}
p["R"] = 1
p["L"] = 0.5
p["C"] = 0.25
A = np.array([[0, 1/p["C"]], [-1/p["L"], -p["R"]/p["L"]]], dtype=float)
B = np.array([[0], [1/p["L"]]], dtype=float)
C = np.array([[1, 0], [0, 1]], dtype=float)
D = np.array([[0], [0]], dtype=float)
E = np.array([[0], [0]], dtype=float)  # coefficient of du/dt in the outputs
Bd = np.array([[0], [0]], dtype=float)
if control is not None:
    sys = control.ss(A, B, C, D, states=["v_C1", "i_L1"], inputs=["Vs"], outputs=["v_C1", "i_L1"])
