from typing import List, Optional, Union, Dict, Callable, Tuple, Any, TypeVar
T = TypeVar("T")
print(List[int], Optional[str], Union[int, str], Dict[str, List[int]])
print(Callable[[int], str], Tuple[int, ...], Any, T, Optional[int] == Union[int, None])
